// Reportes: filters, Generar (totals and table), PDF and Excel downloads.
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { REPORT_FILE_NAMES, type ReportFormat, type ReportResponse } from '@vag/contracts';
import { useState } from 'react';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { ReportFilterFields } from './ReportFilterFields';
import { ReportResults } from './ReportResults';
import { reportQuery, type ReportFilters } from './reportQuery';

export function ReportsPage() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const { permissions } = usePermissions<string | null>();
  const [filters, setFilters] = useState<ReportFilters>({});
  const [report, setReport] = useState<ReportResponse | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const t = (key: string) => translate(`vag.reports.${key}`);

  const generate = async (page = 1) => {
    setBusy('generate');
    try {
      setReport(
        await api.call<ReportResponse>(
          'GET',
          `/admin/reports${reportQuery(filters, undefined, page)}`,
        ),
      );
    } catch (error) {
      console.error(error); // SPEC §8: report errors are only logged
      toast({
        title: translate('vag.common.errorTitle'),
        description: errorMessage(error, ''),
        type: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  const exportAs = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await api.download(
        `/admin/reports${reportQuery(filters, format)}`,
        REPORT_FILE_NAMES[format],
      );
    } catch (error) {
      console.error(error);
      toast({
        title: translate('vag.common.errorTitle'),
        description: errorMessage(error, t('noAuth')),
        type: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('title')}
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <ReportFilterFields
            value={filters}
            onChange={setFilters}
            canPickReseller={permissions === 'admin'}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => generate()} disabled={busy !== null}>
              {t('generate')}
            </Button>
            <Button variant="outlined" onClick={() => exportAs('pdf')} disabled={busy !== null}>
              {t('pdf')}
            </Button>
            <Button variant="outlined" onClick={() => exportAs('xlsx')} disabled={busy !== null}>
              {t('excel')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      {report && (
        <ReportResults report={report} onPage={(page) => generate(page)} busy={busy !== null} />
      )}
    </Box>
  );
}
