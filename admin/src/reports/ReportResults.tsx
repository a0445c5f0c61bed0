// Totals and the rows of a generated report.
import {
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  PAYMENT_METHOD_LABELS,
  REPORT_STATUS_LABELS,
  formatDateTime,
  formatCount,
  formatUsd,
  type ReportResponse,
} from '@vag/contracts';
import { useTranslate } from 'react-admin';

export function ReportResults({
  report,
  onPage,
  busy,
}: {
  report: ReportResponse;
  /** Asks for another page of rows (from 1). */
  onPage: (page: number) => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.reports.${key}`);
  const p = (key: string) => translate(`vag.purchases.${key}`);
  return (
    <>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}
      >
        <Card>
          <CardContent>
            <Typography color="text.secondary">{t('totalAmount')}</Typography>
            <Typography variant="h4" sx={{ fontWeight: 700 }} data-testid="report-total-amount">
              {formatUsd(report.totals.totalAmount)}
            </Typography>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography color="text.secondary">{t('totalTickets')}</Typography>
            <Typography variant="h4" sx={{ fontWeight: 700 }} data-testid="report-total-tickets">
              {formatCount(report.totals.totalTickets)}
            </Typography>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography color="text.secondary">{t('pendingTotals')}</Typography>
            <Typography variant="h6" data-testid="report-pending">
              {`${report.totals.pendingTickets} · ${formatUsd(report.totals.pendingAmount)}`}
            </Typography>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography color="text.secondary">{t('expiredTotals')}</Typography>
            <Typography variant="h6" data-testid="report-expired">
              {`${report.totals.expiredTickets} · ${formatUsd(report.totals.expiredAmount)}`}
            </Typography>
          </CardContent>
        </Card>
      </Box>
      <Card>
        {report.purchases.length === 0 ? (
          <CardContent>
            <Typography color="text.secondary">{t('empty')}</Typography>
          </CardContent>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{p('date')}</TableCell>
                  <TableCell>{p('raffle')}</TableCell>
                  <TableCell>{p('buyer')}</TableCell>
                  <TableCell>{p('method')}</TableCell>
                  <TableCell>{p('quantity')}</TableCell>
                  <TableCell>{p('total')}</TableCell>
                  <TableCell>{p('status')}</TableCell>
                  <TableCell>{p('reseller')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.purchases.map((row) => (
                  <TableRow key={row._id}>
                    <TableCell>{formatDateTime(row.createdAt)}</TableCell>
                    <TableCell>{row.raffleName}</TableCell>
                    <TableCell>
                      {row.buyer.firstName} {row.buyer.lastName}
                      <Typography variant="caption" color="text.secondary" component="div">
                        {row.buyer.email}
                      </Typography>
                    </TableCell>
                    <TableCell>{PAYMENT_METHOD_LABELS[row.paymentMethod]}</TableCell>
                    <TableCell>{formatCount(row.quantity)}</TableCell>
                    <TableCell>{formatUsd(row.totalPrice)}</TableCell>
                    <TableCell>{REPORT_STATUS_LABELS[row.status]}</TableCell>
                    <TableCell>{row.resellerCode || p('direct')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {report.count > report.perPage && <RowPages report={report} onPage={onPage} busy={busy} />}
      </Card>
    </>
  );
}

/** 'Mostrando 101–200 de 4 520' with the previous and next pages (SPEC §2, Reportes). */
function RowPages({
  report,
  onPage,
  busy,
}: {
  report: ReportResponse;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const first = (report.page - 1) * report.perPage + 1;
  const last = Math.min(report.page * report.perPage, report.count);
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2, flexWrap: 'wrap' }}
      data-testid="report-pages"
    >
      <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
        {translate('vag.reports.showing', {
          first: formatCount(first),
          last: formatCount(last),
          count: formatCount(report.count),
        })}
      </Typography>
      <Button disabled={busy || report.page <= 1} onClick={() => onPage(report.page - 1)}>
        {translate('vag.reports.previous')}
      </Button>
      <Button disabled={busy || last >= report.count} onClick={() => onPage(report.page + 1)}>
        {translate('vag.reports.next')}
      </Button>
    </Box>
  );
}
