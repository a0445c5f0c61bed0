// Staff correct the tax data of a returned document (the SRI's messages above say what is
// wrong), then re-issue it. The api checks the cédula or RUC check digit and the
// consumidor final limit and answers each field in Spanish.
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { BUYER_ID_TYPES, type Invoice, type InvoiceBuyerCorrection } from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../common/useToast';
import { correctBuyer, fieldErrors } from './api';

export function BuyerCorrection({
  invoice,
  onClose,
  onSaved,
}: {
  invoice: Invoice;
  onClose: () => void;
  onSaved: (msg: string) => void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.invoicing.list.${key}`);
  const [buyer, setBuyer] = useState<InvoiceBuyerCorrection>({
    idType: invoice.buyer.idType,
    id: invoice.buyer.id,
    name: invoice.buyer.name,
    email: invoice.buyer.email,
    address: invoice.buyer.address ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const field = (key: keyof InvoiceBuyerCorrection) => ({
    label: t(key),
    value: buyer[key] ?? '',
    error: Boolean(errors[key]),
    helperText: errors[key],
    onChange: (e: { target: { value: string } }) => setBuyer({ ...buyer, [key]: e.target.value }),
    fullWidth: true,
    margin: 'dense' as const,
  });
  const save = async () => {
    try {
      const answer = await correctBuyer(invoice.id, buyer);
      onSaved(answer.msg);
    } catch (error) {
      setErrors(fieldErrors(error));
      setProblem(errorMessage(error, t('correctError')));
    }
  };
  const consumidorFinal = buyer.idType === '07';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="buyer-correction-title">
      <DialogTitle id="buyer-correction-title">{t('correctTitle')}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {problem}
          </Alert>
        )}
        <TextField select {...field('idType')}>
          {BUYER_ID_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`idTypes.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {!consumidorFinal && (
          <>
            <TextField {...field('id')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <TextField {...field('name')} />
          </>
        )}
        <TextField {...field('email')} type="email" />
        {!consumidorFinal && <TextField {...field('address')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => void save()}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
