// Typed access to the extra methods of our dataProvider (see dataProvider.ts).
import { useDataProvider } from 'react-admin';
import type { VagDataProvider } from '../dataProvider';

export function useVagApi(): VagDataProvider {
  return useDataProvider<VagDataProvider>();
}
