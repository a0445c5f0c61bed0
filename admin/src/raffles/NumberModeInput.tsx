// "Modo de números": al azar or elige tus números, chosen while the raffle is a draft and
// fixed once its sale opens (the api refuses a change too, PICK_TEXTS.modeFixed).
import { NUMBER_MODES } from '@vag/contracts';
import { RadioButtonGroupInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

export function NumberModeInput({ locked }: { locked: boolean }) {
  const translate = useTranslate();
  const mode = (useWatch({ name: 'numberMode' }) as string | undefined) ?? 'random';
  const hint = locked
    ? 'vag.numberMode.locked'
    : mode === 'pick'
      ? 'vag.numberMode.pickHint'
      : 'vag.numberMode.randomHint';
  return (
    <RadioButtonGroupInput
      source="numberMode"
      label={translate('vag.numberMode.label')}
      choices={NUMBER_MODES.map((id) => ({ id, name: translate(`vag.numberMode.${id}`) }))}
      disabled={locked}
      helperText={translate(hint)}
    />
  );
}
