// Spanish only: polyglot over esMessages, with the date-fns Spanish locale for pickers.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { esMessages } from './es';

export const i18nProvider = polyglotI18nProvider(
  () => esMessages,
  'es',
  [{ locale: 'es', name: 'Español' }],
  {
    allowMissing: false,
  },
);
