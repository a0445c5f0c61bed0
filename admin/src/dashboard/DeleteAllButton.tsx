// 'Borrar todo' (admins): after SPEC §7's confirmation, deletes every purchase, frees the
// numbers and reloads the page.
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';

export function DeleteAllButton() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      await api.call('DELETE', '/admin/delete-all-purchases');
      toast({ title: translate('vag.dashboard.deleteAllSuccess') });
      setOpen(false);
      window.location.reload();
    } catch (error) {
      toast({
        title: translate('vag.dashboard.deleteAllError'),
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
        variant="contained"
        startIcon={<DeleteForeverIcon />}
        onClick={() => setOpen(true)}
      >
        {translate('vag.dashboard.deleteAll')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('vag.dashboard.deleteAll')}
        content={translate('vag.dashboard.deleteAllConfirm')}
        confirm={translate('vag.common.confirm')}
        cancel={translate('vag.common.cancel')}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
