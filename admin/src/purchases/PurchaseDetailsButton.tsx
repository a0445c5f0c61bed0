import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PurchaseDetails } from './PurchaseDetails';

/** 'Detalles': opens the purchase's dialog. */
export function PurchaseDetailsButton({ id }: { id: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" startIcon={<VisibilityIcon />} onClick={() => setOpen(true)}>
        {translate('vag.common.details')}
      </Button>
      {open && <PurchaseDetails id={id} onClose={() => setOpen(false)} />}
    </>
  );
}
