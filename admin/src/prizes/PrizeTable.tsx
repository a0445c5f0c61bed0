// The 'Consultar Premios' tab: number, amount, status, delivered, and the update dialog.
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatUsd, instantPrizeAdminLabel, type InstantPrize } from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PrizeUpdateDialog } from './PrizeUpdateDialog';
import { useInstantPrizes } from './useInstantPrizes';

export function PrizeTable() {
  const translate = useTranslate();
  const { data, isPending, isError, refetch, isFetching } = useInstantPrizes();
  const [editing, setEditing] = useState<InstantPrize | null>(null);

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button startIcon={<RefreshIcon />} onClick={() => refetch()} disabled={isFetching}>
          {translate('vag.common.refresh')}
        </Button>
      </Box>
      {isPending ? (
        <CircularProgress />
      ) : isError ? (
        <Alert severity="error">{translate('vag.prizes.loadError')}</Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('vag.prizes.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('vag.prizes.number')}</TableCell>
                <TableCell>{translate('vag.prizes.amount')}</TableCell>
                <TableCell>{translate('vag.prizes.status')}</TableCell>
                <TableCell>{translate('vag.prizes.delivered')}</TableCell>
                <TableCell>{translate('vag.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((prize) => (
                <TableRow key={prize._id}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{prize.number}</TableCell>
                  <TableCell>{formatUsd(prize.prizeAmount)}</TableCell>
                  <TableCell>{instantPrizeAdminLabel(prize.status)}</TableCell>
                  <TableCell>
                    <Checkbox
                      checked={prize.delivered}
                      disabled
                      size="small"
                      inputProps={{ 'aria-label': translate('vag.prizes.delivered') }}
                    />
                  </TableCell>
                  <TableCell>
                    <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(prize)}>
                      {translate('vag.prizes.update')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && <PrizeUpdateDialog prize={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
