// Revendedores: search by name or e-mail, table with copyable code, inline edit and
// two-step delete.
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { Reseller } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { List, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { ResellerRow } from './ResellerRow';

function Search() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const [q, setQ] = useState(String(filterValues.q ?? ''));
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filterValues.q ?? '') !== q) setFilters(q ? { q } : {}, {});
    }, 300);
    return () => clearTimeout(timer);
  }, [q, filterValues, setFilters]);
  return (
    <TextField
      size="small"
      value={q}
      onChange={(e) => setQ(e.target.value)}
      placeholder={translate('vag.resellers.search')}
      inputProps={{ 'aria-label': translate('vag.resellers.search') }}
      sx={{ m: 2, width: { xs: 'calc(100% - 32px)', sm: 360 } }}
      InputProps={{
        startAdornment: (
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        ),
      }}
    />
  );
}

function ResellerTable() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Reseller & RaRecord>();
  const t = (key: string) => translate(`vag.resellers.${key}`);
  if (isPending) return null;
  if (!data?.length)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('empty')}
      </Typography>
    );
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('fullname')}</TableCell>
            <TableCell>{t('email')}</TableCell>
            <TableCell>{t('code')}</TableCell>
            <TableCell>{t('active')}</TableCell>
            <TableCell>{translate('vag.common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((reseller) => (
            <ResellerRow key={reseller.id} reseller={reseller} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ResellerList() {
  const translate = useTranslate();
  return (
    <List
      title={translate('vag.resellers.title')}
      actions={false}
      empty={false}
      perPage={25}
      sort={{ field: 'fullname', order: 'ASC' }}
    >
      <Box>
        <Search />
        <ResellerTable />
      </Box>
    </List>
  );
}
