// One reseller: view, inline edit (save/cancel) or delete-confirm (SPEC §4).
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Checkbox, IconButton, TableCell, TableRow, TextField, Tooltip } from '@mui/material';
import { resellerUpdateSchema, type Reseller } from '@vag/contracts';
import { useState } from 'react';
import { useDelete, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { TwoStepDelete } from '../common/TwoStepDelete';
import { useToast } from '../common/useToast';
import { issuesToErrors } from '../common/zodValidate';

type Row = Reseller & RaRecord;

export function ResellerRow({ reseller }: { reseller: Row }) {
  const translate = useTranslate();
  const notify = useNotify();
  const toast = useToast();
  const [update, { isPending }] = useUpdate();
  const [remove] = useDelete();
  const [draft, setDraft] = useState<{ fullname: string; email: string; active: boolean } | null>(
    null,
  );
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const t = (key: string) => translate(`vag.resellers.${key}`);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reseller.code);
      toast({ title: translate('vag.common.copied') });
    } catch {
      toast({ title: translate('vag.common.copyFailed'), type: 'error' });
    }
  };

  const save = () => {
    if (!draft) return;
    const parsed = resellerUpdateSchema.safeParse(draft);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    update(
      'resellers',
      { id: reseller.id, data: parsed.data, previousData: reseller },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('vag.resellers.updated', { type: 'success' });
          setDraft(null);
          setErrors({});
        },
        onError: (error) => console.error(error),
      },
    );
  };

  if (draft) {
    return (
      <TableRow>
        <TableCell>
          <TextField
            size="small"
            value={draft.fullname}
            onChange={(e) => setDraft({ ...draft, fullname: e.target.value })}
            error={!!errors.fullname}
            helperText={errors.fullname as string}
            inputProps={{ 'aria-label': t('fullname') }}
          />
        </TableCell>
        <TableCell>
          <TextField
            size="small"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
            error={!!errors.email}
            helperText={errors.email as string}
            inputProps={{ 'aria-label': t('email') }}
          />
        </TableCell>
        <TableCell sx={{ fontFamily: 'monospace' }}>{reseller.code}</TableCell>
        <TableCell>
          <Checkbox
            checked={draft.active}
            onChange={(e) => setDraft({ ...draft, active: e.target.checked })}
            inputProps={{ 'aria-label': t('active') }}
          />
        </TableCell>
        <TableCell>
          <IconButton
            aria-label={translate('vag.common.save')}
            color="primary"
            onClick={save}
            disabled={isPending}
          >
            <CheckIcon />
          </IconButton>
          <IconButton
            aria-label={translate('vag.common.cancel')}
            onClick={() => {
              setDraft(null);
              setErrors({});
            }}
          >
            <CloseIcon />
          </IconButton>
        </TableCell>
      </TableRow>
    );
  }

  return (
    <TableRow>
      <TableCell>{reseller.fullname}</TableCell>
      <TableCell>{reseller.email}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontFamily: 'monospace' }}>
          {reseller.code}
          <Tooltip title={t('copyCode')}>
            <IconButton size="small" aria-label={t('copyCode')} onClick={copy}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </TableCell>
      <TableCell>{translate(reseller.active ? 'vag.common.yes' : 'vag.common.no')}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <IconButton
            aria-label={translate('vag.common.edit')}
            onClick={() =>
              setDraft({
                fullname: reseller.fullname,
                email: reseller.email,
                active: reseller.active,
              })
            }
          >
            <EditIcon />
          </IconButton>
          <TwoStepDelete
            onConfirm={() =>
              remove(
                'resellers',
                { id: reseller.id, previousData: reseller },
                {
                  mutationMode: 'pessimistic',
                  onSuccess: () => notify('vag.resellers.deleted', { type: 'success' }),
                  onError: (error) => console.error(error),
                },
              )
            }
          />
        </Box>
      </TableCell>
    </TableRow>
  );
}
