// 'Borrar todo' (admins): deletes every purchase and frees the numbers. It lives in the
// dashboard's 'Zona de peligro', says exactly what it deletes and asks for 'BORRAR' typed.
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TypedConfirm } from '../common/TypedConfirm';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';

export const DELETE_ALL_WORD = 'BORRAR';

export function DeleteAllButton() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.dashboard.${key}`);
  const toast = useToast();
  const api = useVagApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await api.call('DELETE', '/admin/delete-all-purchases');
      toast({ title: t('deleteAllSuccess') });
      setOpen(false);
      window.location.reload();
    } catch (error) {
      toast({
        title: t('deleteAllError'),
        description: errorMessage(error, translate('vag.common.connection')),
        type: 'error',
      });
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteForeverIcon />}
        onClick={() => setOpen(true)}
      >
        {t('deleteAll')}
      </Button>
      <TypedConfirm
        open={open}
        title={t('deleteAllTitle')}
        lines={[t('deleteAllWhat'), t('deleteAllKeeps')]}
        word={DELETE_ALL_WORD}
        confirmLabel={t('deleteAll')}
        busy={busy}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
