import { packageInputSchema } from '@vag/contracts';
import { zodValidate } from '../common/zodValidate';

/** SPEC §5's package rules, from contracts, as a react-admin form validator. */
export const validatePackage = zodValidate(packageInputSchema);
