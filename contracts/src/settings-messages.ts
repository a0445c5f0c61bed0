// Spanish messages of the operator settings (Ajustes) that SPEC leaves to us.
export const SETTINGS_MESSAGES = {
  tooLong: (max: number) => `Máximo ${max} caracteres`,
  emailInvalid: 'Correo electrónico inválido',
  rucInvalid: 'RUC inválido: revisa sus 13 dígitos',
  monthsInvalid: (min: number, max: number) =>
    `Indica un número entero de meses entre ${min} y ${max}`,
  bankRequired: 'Indica el banco',
  accountTypeInvalid: 'El tipo de cuenta debe ser Ahorros o Corriente',
  accountNumberInvalid: 'El número de cuenta debe tener entre 5 y 20 dígitos',
  holderRequired: 'Indica el titular de la cuenta (al menos 3 caracteres)',
  holderIdInvalid: 'La cédula o RUC del titular no es válida',
  tooManyAccounts: (max: number) => `Puedes configurar hasta ${max} cuentas bancarias`,
  whatsappInvalid:
    'El número de WhatsApp debe ser ecuatoriano, por ejemplo 0991234567 o 593991234567',
  hoursInvalid: (min: number, max: number) => `Debe ser un número de horas entre ${min} y ${max}`,
  reminderTooLate: 'El recordatorio debe enviarse antes de que termine la reserva',
  paypalModeInvalid: 'El modo de PayPal debe ser sandbox o live',
  smtpUrlInvalid: 'La URL SMTP debe empezar por smtp:// o smtps://',
  booleanInvalid: 'Debe ser sí o no',
  saved: 'Configuración guardada',
  limitInvalid: (min: number, max: number) =>
    `Debe ser un número entero entre ${min} y ${max} (0: sin límite)`,
  percentInvalid: (min: number, max: number) =>
    `Debe ser un porcentaje entre ${min} y ${max} (0: sin límite)`,
  perOrderAboveBuyer: 'El máximo por pedido no puede superar el máximo por comprador',
} as const;
