import { SaveButton, Toolbar } from 'react-admin';

/** Create forms keep 'Guardar' enabled so an empty submit shows SPEC's validation texts. */
export function CreateToolbar() {
  return (
    <Toolbar>
      <SaveButton alwaysEnable />
    </Toolbar>
  );
}
