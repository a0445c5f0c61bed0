import { describe, expect, it } from 'vitest';
import { ERRORS, FORM, MSG, PERMISSIONS, SERVER, TOASTS, UI, VALIDATION } from './messages';

// A few texts a user reads, pinned verbatim to SPEC.md (its typos included).
describe('Spanish texts', () => {
  it('keeps SPEC wording exactly', () => {
    expect(UI.notFoundText).toBe('Oops! La pagina no se encuentra pro el momento');
    expect(UI.participate).toBe('¡QUIERO PARTICIPAR!');
    expect(UI.cannotParticipate).toBe('YA NO SE PUEDE PARTICIPAR');
    expect(UI.processingPayment).toBe('Procesando tu pago...');
    expect(ERRORS.noPackageSelected).toBe('No hay paquete seleccionado');
    expect(TOASTS.statusUpdatedTitle).toBe('Estado actualizado');
    expect(TOASTS.deleteAllSuccess).toBe('✅ Compras eliminadas y números liberados correctamente');
    expect(PERMISSIONS.createPackages).toBe('No tiene permisos para crear paquetes');
    expect(PERMISSIONS.updateSettings).toBe('No tienes permisos para actualizar la configuración.');
    expect(FORM.prizeLimitReached).toBe('Límite alcanzado: Solo puedes agregar hasta 10 montos.');
  });
  it('builds the texts with numbers in them', () => {
    expect(ERRORS.httpFailure(404, 'Not Found')).toBe('Error: 404 - Not Found');
    expect(UI.showing(1, 10, 35)).toBe('Mostrando 1-10 de 35 compras');
    expect(SERVER.notEnoughNumbers(3)).toBe('Solo quedan 3 números disponibles.');
    expect(SERVER.notEnoughNumbers(1)).toBe('Solo queda 1 número disponible.');
  });
  it('offers the validation texts under MSG too', () => {
    expect(MSG.firstNameRequired).toBe(VALIDATION.firstNameRequired);
    expect(MSG.invalidTitle).toBe('Error en el formulario');
  });
});
