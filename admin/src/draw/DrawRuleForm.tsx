// The draw rule: which Lotería Nacional draw decides, editable until the first sale.
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { drawRuleSchema, DEFAULT_DRAW_RULE, type DrawRule } from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DateField } from '../common/DateField';
import { useSubmit } from './useSubmit';

export function DrawRuleForm({ rule }: { rule: DrawRule }) {
  const translate = useTranslate();
  const [kind, setKind] = useState(rule.draw.kind);
  const [date, setDate] = useState(rule.draw.kind === 'fixed' ? rule.draw.date : '');
  const [drawNumber, setDrawNumber] = useState(
    rule.draw.kind === 'fixed' ? String(rule.draw.drawNumber) : '',
  );
  const { submit, busy } = useSubmit(
    drawRuleSchema,
    'PUT',
    '/raffle/draw-rule',
    'vag.draw.ruleError',
  );

  const save = () =>
    submit({
      ...DEFAULT_DRAW_RULE,
      draw: kind === 'fixed' ? { kind, date, drawNumber: Number(drawNumber) } : { kind },
    });

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        label={translate('vag.draw.ruleKind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as DrawRule['draw']['kind'])}
        sx={{ minWidth: 320 }}
      >
        <MenuItem value="first-after-close">{translate('vag.draw.firstAfterClose')}</MenuItem>
        <MenuItem value="fixed">{translate('vag.draw.fixedDraw')}</MenuItem>
      </TextField>
      {kind === 'fixed' && (
        <>
          <DateField label={translate('vag.draw.drawDate')} value={date} onChange={setDate} />
          <TextField
            label={translate('vag.draw.drawNumber')}
            value={drawNumber}
            onChange={(e) => setDrawNumber(e.target.value)}
          />
        </>
      )}
      <Button variant="contained" disabled={busy} onClick={save}>
        {translate('vag.draw.saveRule')}
      </Button>
    </Box>
  );
}
