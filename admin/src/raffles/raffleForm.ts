// The raffle form (create, duplicate, edit) and the api's fields: the end date is typed as a
// day (it closes at the end of that day in Ecuador), the address follows the name unless
// typed, and the contracts' rules give each field its Spanish message before anything is
// sent (the api checks the same, plus what only it knows: a taken address).
import {
  ecuadorEndOfDayIso,
  isoToDateInput,
  RAFFLE_TEXTS,
  raffleFieldsSchema,
  slugFromName,
  type NumberMode,
  type RaffleFields,
  type StaffRaffle,
} from '@vag/contracts';
import { issuesToErrors, type FormErrors } from '../common/zodValidate';

export interface RaffleFormValues {
  name: string;
  slug: string;
  prize: string;
  imageUrl: string;
  pricePerNumber: number | null;
  totalNumbers: number | null;
  /** yyyy-MM-dd, from the date field. */
  endDate: string;
  description: string;
  /** Al azar or elige tus números; fixed once the raffle leaves its draft. */
  numberMode: NumberMode;
}

export const RAFFLE_FORM_DEFAULTS: RaffleFormValues = {
  name: '',
  slug: '',
  prize: '',
  imageUrl: '',
  pricePerNumber: null,
  totalNumbers: null,
  endDate: '',
  description: '',
  numberMode: 'random',
};

type RaffleSource = Pick<
  StaffRaffle,
  | 'name'
  | 'slug'
  | 'prize'
  | 'imageUrl'
  | 'pricePerNumber'
  | 'totalNumbers'
  | 'endDate'
  | 'description'
>;

/** A saved raffle as the edit form shows it. */
export function raffleToForm(raffle: RaffleSource): RaffleFormValues {
  return {
    name: raffle.name,
    slug: raffle.slug,
    prize: raffle.prize,
    imageUrl: raffle.imageUrl,
    pricePerNumber: raffle.pricePerNumber,
    totalNumbers: raffle.totalNumbers,
    endDate: isoToDateInput(raffle.endDate),
    description: raffle.description ?? '',
    numberMode: (raffle as { numberMode?: NumberMode }).numberMode ?? 'random',
  };
}

/**
 * A previous raffle as the template of a new one: its fields, a name marked as a copy with
 * its own address, and its end date only while it is still ahead.
 */
export function duplicateToForm(
  raffle: RaffleSource,
  copySuffix: string,
  now = new Date(),
): RaffleFormValues {
  const name = `${raffle.name}${copySuffix}`;
  const endAhead = new Date(raffle.endDate).getTime() > now.getTime();
  return {
    ...raffleToForm(raffle),
    name,
    slug: slugFromName(name),
    endDate: endAhead ? isoToDateInput(raffle.endDate) : '',
  };
}

export type FormCheck = { ok: true; fields: RaffleFields } | { ok: false; errors: FormErrors };

/**
 * The form's values as the api's fields, or each field's Spanish message. `checkFuture`:
 * the end date must lie ahead (always on create; on edit only when it was changed, so a
 * finished raffle's page text can still be corrected).
 */
export function formToFields(
  values: RaffleFormValues,
  { checkFuture, now = new Date() }: { checkFuture: boolean; now?: Date },
): FormCheck {
  const name = values.name.trim();
  const endDate = ecuadorEndOfDayIso(values.endDate ?? '');
  const candidate = {
    name,
    slug: values.slug.trim() || slugFromName(name),
    prize: values.prize,
    imageUrl: values.imageUrl ?? '',
    pricePerNumber: values.pricePerNumber ?? undefined,
    totalNumbers: values.totalNumbers ?? undefined,
    endDate: endDate ?? '',
    description: values.description ?? '',
    numberMode: values.numberMode ?? 'random',
  };
  const parsed = raffleFieldsSchema.safeParse(candidate);
  const errors = parsed.success ? {} : issuesToErrors(parsed.error.issues);
  if (endDate && checkFuture && new Date(endDate).getTime() <= now.getTime())
    errors.endDate = RAFFLE_TEXTS.endDateInPast;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, fields: parsed.data };
}
