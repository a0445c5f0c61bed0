// Sends the transfer receipt (JPEG, PNG or PDF, at most 5 MB) as the request body; the
// server types it by content and answers the updated order.
import type { OrderView } from '@vag/contracts';
import { useState } from 'react';
import { toast } from '../shared/toast';
import { receiptProblem } from './order';

interface Props {
  id: string;
  accessKey: string;
  onUploaded: (order: OrderView) => void;
}

export function ReceiptUpload({ id, accessKey, onUploaded }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(file: File) {
    const refused = receiptProblem(file);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    try {
      const res = await fetch(
        `/api/orders/${encodeURIComponent(id)}/receipt?key=${encodeURIComponent(accessKey)}`,
        {
          method: 'POST',
          headers: { 'content-type': file.type || 'application/octet-stream' },
          body: file,
        },
      );
      const body = (await res.json().catch(() => ({}))) as {
        msg?: string;
        holdKept?: boolean;
        order?: OrderView;
      };
      if (!res.ok || !body.order) {
        setProblem(body.msg ?? 'No se pudo subir el comprobante. Intenta nuevamente.');
        return;
      }
      // A file too small to be a receipt is kept, but the hold did not grow: a warning.
      if (body.holdKept)
        toast.warning(body.msg ?? 'Sube una captura completa de tu transferencia.');
      else toast.success(body.msg ?? 'Comprobante recibido');
      onUploaded(body.order);
    } catch {
      setProblem('No se pudo subir el comprobante. Revisa tu conexión e intenta nuevamente.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="receipt-upload">
      <label htmlFor="receipt-file">
        Sube el comprobante de tu transferencia (JPEG, PNG o PDF, máximo 5 MB)
      </label>
      {/* The browser's own file button speaks the browser's language ("Choose File"):
          it stays, for the keyboard and screen readers, behind a button of ours. */}
      <input
        id="receipt-file"
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        disabled={busy}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void send(file);
          e.currentTarget.value = '';
        }}
      />
      <label htmlFor="receipt-file" className="btn btn-outline receipt-pick" aria-hidden="true">
        {busy ? 'Subiendo…' : 'Elegir archivo'}
      </label>
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
