// Import a statement in three steps: account and file → the mapping in a preview the
// staff correct → the summary. A failed preview or import keeps the file and every
// correction, and says in the api's Spanish which row it could not read.
import { Alert, Box, Card, CardContent, LinearProgress, Typography, Button } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnMapping, Settings, StatementImport, StatementPreview } from '@vag/contracts';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { importStatement, previewStatement } from './api';
import { ImportSummary } from './ImportSummary';
import { mappingProblem } from './mapping';
import { MappingEditor } from './MappingEditor';
import { StatementFilePicker } from './StatementFilePicker';
import { RawRows, ReadLines } from './StatementPreviewTables';

type Busy = 'previewing' | 'importing' | null;

function Step({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The column names under the chosen header row, or numbered columns without one. */
function columnNames(preview: StatementPreview, mapping: ColumnMapping): string[] {
  const header = preview.rows[mapping.headerRow];
  const width = Math.max(preview.columns.length, ...preview.rows.map((r) => r.length));
  return Array.from({ length: width }, (_, i) => header?.[i] ?? preview.columns[i] ?? '');
}

export function ImportPanel({ onImported }: { onImported: (summary: StatementImport) => void }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.bankStatements.${key}`);
  const api = useVagApi();
  const queryClient = useQueryClient();
  const { data: settings } = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.call<Settings>('GET', '/settings'),
  });
  const accounts = settings?.bankAccounts ?? [];
  const [account, setAccount] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<{ title: string; text: string } | null>(null);
  const [summary, setSummary] = useState<StatementImport | null>(null);
  const chosenAccount = account === '' && accounts.length === 1 ? 0 : account;
  // Only the latest preview counts: corrections made quickly must not come back undone.
  const asked = useRef(0);

  const readFile = async (corrected?: ColumnMapping) => {
    if (!file || chosenAccount === '') return;
    const ask = ++asked.current;
    setBusy('previewing');
    setError(null);
    try {
      const answer = await previewStatement(file, chosenAccount, corrected);
      if (ask !== asked.current) return;
      setPreview(answer);
      // The staff's corrections win over the api's guess for the same file.
      setMapping(corrected ?? answer.mapping);
    } catch (e) {
      setError({ title: t('previewError'), text: errorMessage(e, '') });
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    if (!file || chosenAccount === '' || !mapping) return;
    setBusy('importing');
    setError(null);
    try {
      const answer = await importStatement(file, chosenAccount, mapping);
      setSummary(answer);
      onImported(answer);
      await queryClient.invalidateQueries();
    } catch (e) {
      setError({ title: t('importError'), text: `${errorMessage(e, '')} ${t('importErrorHint')}` });
    } finally {
      setBusy(null);
    }
  };

  const startOver = () => {
    setFile(null);
    setPreview(null);
    setMapping(null);
    setSummary(null);
    setError(null);
  };

  const problem = mapping ? mappingProblem(mapping, t('problems.sameColumn')) : null;
  return (
    <>
      <Step title={t('step1')}>
        <StatementFilePicker
          accounts={accounts}
          account={chosenAccount}
          onAccount={setAccount}
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            setSummary(null);
            setPreview(null);
          }}
          busy={busy !== null}
          onPreview={() => void readFile(mapping ?? undefined)}
        />
      </Step>
      {error && (
        <Alert severity="error" sx={{ mb: 2, overflowWrap: 'anywhere' }} role="alert">
          <strong>{error.title}.</strong> {error.text}
        </Alert>
      )}
      {preview && mapping && !summary && (
        <Step title={t('step2')}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('vag.bankStatements.fileInfo', {
              file: preview.fileName,
              rows: preview.totalRows,
              encoding: preview.encoding,
            })}{' '}
            {t(preview.remembered ? 'rememberedHint' : 'mappingHint')}
          </Typography>
          <MappingEditor
            mapping={mapping}
            columns={columnNames(preview, mapping)}
            rowCount={preview.rows.length}
            onChange={(next) => {
              setMapping(next);
              void readFile(next);
            }}
          />
          <Box sx={{ mt: 2 }}>
            <RawRows rows={preview.rows} mapping={mapping} />
            <ReadLines lines={preview.lines} />
          </Box>
          {problem && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          {busy === 'importing' && (
            <Box sx={{ mb: 2 }} role="status">
              <LinearProgress />
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('importing')}
              </Typography>
            </Box>
          )}
          <Button
            variant="contained"
            color="success"
            disabled={busy !== null || problem !== null}
            onClick={() => void runImport()}
          >
            {t('import')}
          </Button>
        </Step>
      )}
      {summary && (
        <Step title={t('step3')}>
          <ImportSummary summary={summary} onAgain={startOver} />
        </Step>
      )}
    </>
  );
}
