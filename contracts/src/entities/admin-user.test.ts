import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../test-utils';
import { loginSchema, registerFormSchema, registerSchema } from './admin-user';

describe('admin login (SPEC §5)', () => {
  it('accepts an e-mail and a 6-character password, lowercasing the e-mail', () => {
    expect(loginSchema.parse({ email: ' Admin@VAG.ec ', password: '123456' })).toEqual({
      email: 'admin@vag.ec',
      password: '123456',
    });
  });
  it('names the invalid fields in Spanish', () => {
    expect(fieldMessages(loginSchema.safeParse({ email: 'nope', password: '123' }))).toEqual({
      email: 'Correo electrónico inválido',
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
  });
});

describe('user registration (SPEC §5)', () => {
  const valid = {
    name: 'Rosa',
    email: 'rosa@vag.ec',
    password: 'secreta',
    confirmPassword: 'secreta',
  };

  it('defaults the role to reseller', () => {
    expect(registerFormSchema.parse(valid).role).toBe('reseller');
    expect(
      registerSchema.parse({ name: 'Rosa', email: 'rosa@vag.ec', password: 'secreta' }).role,
    ).toBe('reseller');
  });
  it("puts 'Las contraseñas no coinciden' on the confirmation", () => {
    expect(
      fieldMessages(registerFormSchema.safeParse({ ...valid, confirmPassword: 'secretas' })),
    ).toEqual({
      confirmPassword: 'Las contraseñas no coinciden',
    });
  });
  it('shows every rule on a bad form at once', () => {
    expect(
      fieldMessages(
        registerFormSchema.safeParse({
          name: 'Ro',
          email: 'x',
          password: '1',
          confirmPassword: '',
          role: 'jefe',
        }),
      ),
    ).toEqual({
      name: 'El nombre debe tener al menos 3 caracteres',
      email: 'Correo electrónico inválido',
      password: 'La contraseña debe tener al menos 6 caracteres',
      confirmPassword: 'La confirmación de contraseña es requerida',
      role: 'Debe seleccionar un rol',
    });
  });
});
