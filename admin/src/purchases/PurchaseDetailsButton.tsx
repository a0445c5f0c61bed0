import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * 'Detalles': asks the list to open the purchase's dialog. The dialog lives in the list,
 * not in the row, so it stays open when a confirmation or rejection takes the row out of
 * the current filter (e.g. 'En revisión') and the list reloads.
 */
export function PurchaseDetailsButton({ onOpen }: { onOpen: () => void }) {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<VisibilityIcon />} onClick={onOpen}>
      {translate('vag.common.details')}
    </Button>
  );
}
