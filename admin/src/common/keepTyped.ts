import type { SimpleFormProps } from 'react-admin';

/**
 * An edit screen shows the cached record at once and fetches it again. When the fresh
 * copy differs (another admin saved meanwhile), react-admin resets the form to it; with
 * these options only the fields the person has not touched follow, and what they typed
 * stays, still counted as a change to save.
 */
export const KEEP_TYPED_VALUES: SimpleFormProps['resetOptions'] = {
  keepDirtyValues: true,
  keepDirty: true,
};
