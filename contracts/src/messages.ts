// Every Spanish text the product shows, exactly as SPEC.md writes it (typos included:
// 'pro el momento'), plus the server-side messages SPEC leaves to us. Screens and the
// api import these constants instead of retyping a string.

/**
 * Buyer-data messages SPEC leaves to us. Here, not beside the buyer schemas, so that the
 * home page's packages can say 'quantityWhole' without loading zod.
 */
export const BUYER_MESSAGES = {
  phoneInvalid: 'Ingresa un celular ecuatoriano: 09XXXXXXXX o +5939XXXXXXXX',
  documentInvalid: 'La cédula o RUC no es válida',
  tooLong: (max: number) => `Máximo ${max} caracteres`,
  quantityWhole: 'La cantidad debe ser un número entero mayor que 0',
  /** A name is letters (with accents and ñ), spaces, apostrophes and hyphens: never a link. */
  firstNameLetters: 'El nombre solo puede tener letras, espacios, apóstrofos y guiones',
  lastNameLetters: 'El apellido solo puede tener letras, espacios, apóstrofos y guiones',
  /** Our messages print a name on one line: no line breaks, tabs or other control characters. */
  firstNameOneLine: 'Escribe el nombre en una sola línea, sin saltos de línea ni tabulaciones',
  lastNameOneLine: 'Escribe el apellido en una sola línea, sin saltos de línea ni tabulaciones',
  oneLine: 'Escríbelo en una sola línea, sin saltos de línea ni tabulaciones',
} as const;

/** SPEC §5: validation rules, used by the zod schemas of this package. */
export const VALIDATION = {
  // Checkout buyer form
  firstNameRequired: 'El nombre es requerido',
  lastNameRequired: 'El apellido es requerido',
  emailRequired: 'El email es requerido',
  emailInvalid: 'Email inválido',
  emailsDontMatch: 'Los emails no coinciden',
  phoneRequired: 'El teléfono es requerido',
  provinceRequired: 'La provincia es requerida',
  cityRequired: 'La ciudad es requerida',
  addressRequired: 'La dirección es requerida',
  termsRequired: 'Debes aceptar los términos y condiciones',
  // Admin login and registration
  emailInvalidAdmin: 'Correo electrónico inválido',
  passwordMin: 'La contraseña debe tener al menos 6 caracteres',
  userNameMin: 'El nombre debe tener al menos 3 caracteres',
  confirmPasswordRequired: 'La confirmación de contraseña es requerida',
  roleRequired: 'Debe seleccionar un rol',
  passwordsDontMatch: 'Las contraseñas no coinciden',
  // Packages
  packageNameMin: 'El nombre debe tener al menos 3 caracteres',
  quantityPositive: 'La cantidad debe ser un número positivo',
  pricePositive: 'El precio debe ser un número positivo',
  // Instant prizes
  prizeAmountMin: 'El monto debe ser mayor a 0',
  prizeAmountsAtLeastOne: 'Debe agregar al menos un monto',
  // Bank transfer confirmation
  referenceCodeRequired: 'El código de referencia es obligatorio',
  bankNameRequired: 'Debe ingresar el nombre del banco',
  // Past raffles
  activityNameRequired: 'El nombre de la actividad es requerido',
  dateRequired: 'La fecha es requerida',
  prizeRequired: 'El premio es requerido',
  winnerRequired: 'El ganador es requerido',
  urlInvalid: 'Debe ser una URL válida',
  // Not given by SPEC, needed by our schemas
  isoDateInvalid: 'La fecha no es válida',
  heroNameRequired: 'El nombre del sorteo es requerido',
  heroPrizeRequired: 'El premio principal es requerido',
  priceNotNegative: 'El precio no puede ser negativo',
  imageUrlInvalid: 'Debe ser una URL válida',
  paymentMethodInvalid: 'Método de pago no disponible',
  fullnameRequired: 'El nombre es requerido',
  clientTransactionIdInvalid: 'El identificador de transacción no es válido',
  mediaSlotInvalid: 'Nombre de archivo no permitido',
  currentPasswordRequired: 'La contraseña actual es requerida',
  newPasswordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
  /** A link staff enter (images, social networks) that is not an http(s) address. */
  httpUrlInvalid: 'Debe ser una URL que empiece por http:// o https://',
} as const;

/** SPEC §5 toasts and hints of the checkout form. */
export const FORM = {
  invalidTitle: 'Error en el formulario',
  invalidDescription: 'Por favor revisa los campos requeridos.',
  selectMethodHint: 'Por favor selecciona un método de pago para continuar',
  prizeLimitReached: 'Límite alcanzado: Solo puedes agregar hasta 10 montos.',
} as const;

/** SPEC §5/§8: messages when an admin call runs without a stored token. */
export const PERMISSIONS = {
  notAuthenticated: 'No está autenticado',
  notAuthenticatedExport: 'No autenticado',
  updateSettings: 'No tienes permisos para actualizar la configuración.',
  updateHero: 'No tiene permisos para Actualizar la sección Hero',
  changeHeroStatus: 'No tiene permisos para cambiar el estado del Hero',
  register: 'No tiene permisos para realizar esta acción',
  registerNoToken: 'No tiene permisos para esta acción',
  registerNotAdmin: 'Acceso denegado: Solo los administradores pueden registrar nuevos usuarios',
  registerUnauthenticated: 'Necesita estar autenticado para registrar nuevos usuarios.',
  accessDeniedTitle: 'Acceso Denegado',
  profile: 'No tiene permisos para obtener información del perfil',
  viewResellers: 'No tiene permisos para ver revendedores',
  updateResellers: 'No tiene permisos para actualizar revendedores',
  deleteResellers: 'No tiene permisos para eliminar revendedores',
  createPackages: 'No tiene permisos para crear paquetes',
  updatePackages: 'No tiene permisos para actualizar paquetes',
  deletePackages: 'No tiene permisos para eliminar paquetes',
  viewPurchases: 'No tiene permisos para ver las compras',
  confirmTransfers: 'No tiene permisos para confirmar transferencias',
  createPastRaffles: 'No tiene permisos para crear rifas pasadas',
  updatePastRaffles: 'No tiene permisos para actualizar rifas pasadas',
  viewReports: 'No tiene permisos para ver reportes',
  // Not in SPEC, same wording
  deletePastRaffles: 'No tiene permisos para eliminar rifas pasadas',
  manageSettings: 'No tiene permisos para ver la configuración',
  managePrizes: 'No tiene permisos para gestionar los premios',
  manageNumbers: 'No tiene permisos para gestionar los números de la rifa',
  manageMedia: 'No tiene permisos para gestionar los archivos',
  listUsers: 'No tiene permisos para ver los usuarios',
  deleteAllPurchases: 'No tiene permisos para borrar las compras',
  resendNotifications: 'No tiene permisos para reenviar notificaciones',
} as const;

/** SPEC §8: error texts shown by the screens. */
export const ERRORS = {
  title: 'Error',
  httpFailure: (status: number, statusText: string) => `Error: ${status} - ${statusText}`,
  connection: 'Error de conexión con el servidor',
  unknown: 'Error desconocido',
  // Public pages
  raffleInfo: 'Ocurrió un error al cargar la información de la rifa. Intenta nuevamente más tarde.',
  hero: 'Error al cargar los datos.',
  packages: 'Error al cargar los paquetes. Intente nuevamente más tarde.',
  progress: 'Error al cargar el porcentaje. Intente nuevamente más tarde.',
  instantPrizes: 'Error al cargar los premios. Intente nuevamente más tarde.',
  footer: 'Error al cargar la información del pie de página.',
  lookupFallback: 'Error',
  // Checkout
  methodUnavailableTitle: 'Método de pago no disponible',
  methodUnavailableDescription: 'Por favor, selecciona un método de pago válido.',
  methodNotImplemented: 'Este método de pago aún no está implementado.',
  paymentTitle: 'Error en el proceso de pago',
  paymentDescription: 'Ha ocurrido un error al procesar el pago. Por favor, intenta nuevamente.',
  clipboard: 'No se pudo copiar al portapapeles.',
  methodNotAvailable: 'Método no disponible',
  noPackageSelected: 'No hay paquete seleccionado',
  // Confirmation page
  confirmationTitle: 'Ha ocurrido un error',
  noTransactionId: 'No se encontró el ID de la transacción',
  paymentProcessing: 'Hubo un error procesando tu pago. Por favor contacta a soporte.',
  paymentConfirmToast: 'Hubo un problema al confirmar tu pago.',
  verifyPayphone: 'Error al verificar PayPhone',
  purchaseRetrieval: 'No se pudo recuperar la compra',
  // Login
  loginTitle: 'Error de autenticación',
  loginDescription: 'Credenciales inválidas o error de servidor',
  // Admin
  confirmTransferTitle: 'Error al confirmar',
  raffleStatus: 'No se pudo actualizar el estado de la rifa.',
  adminProgress: 'Error al cargar el progreso. Intente nuevamente más tarde.',
  adminPrizes: 'Error al cargar los premios. Intente nuevamente más tarde.',
  adminPrizesRetry: 'Error al cargar los premios. Por favor, inténtalo de nuevo.',
  deleteAll: 'Error al borrar',
  heroSave: 'No se pudieron guardar los cambios. Inténtalo de nuevo.',
  prizeUpdate: 'No se pudo actualizar el premio. Inténtalo de nuevo.',
  prizesAssign: 'No se pudieron asignar los premios. Inténtalo de nuevo.',
  generateNumbers: 'Ocurrió un error al generar los números.',
  deletePrizes: 'Ocurrió un error al eliminar los premios.',
  settingsUpdate: 'No se pudo actualizar la configuración.',
  purchasesTitle: 'Error al cargar el historial',
  purchasesDescription:
    'No se pudieron cargar las compras. Por favor, intenta nuevamente más tarde.',
  pastRaffleCreate: 'No se pudo crear la rifa.',
  pastRaffleUpdate: 'No se pudo actualizar la rifa.',
  pastRaffleDelete: 'No se pudo eliminar la rifa.',
  mediaUpload: 'Error al subir',
  mediaDelete: 'No se pudo eliminar',
} as const;

/** SPEC §4/§7/§8: success toasts and confirmations. */
export const TOASTS = {
  statusUpdatedTitle: 'Estado actualizado',
  raffleReactivated: 'La rifa ha sido reactivada',
  raffleFinalized: 'La rifa ha sido finalizada',
  loginTitle: 'Acceso correcto',
  loginDescription: 'Ha iniciado sesión correctamente',
  referralCodeTitle: 'Código de referido',
  referralCopied: 'Enlace de referido copiado al portapapeles',
  referralCopyFailed: 'No se pudo copiar el enlace de referido',
  transferConfirmedTitle: 'Transferencia confirmada',
  transferConfirmed: (n: number) => `Se asignaron ${n} números`,
  paymentCompletedTitle: '¡Pago completado!',
  paymentCompleted: (provider: string) => `Tu pago con ${provider} se ha completado correctamente.`,
  paymentConfirmedTitle: '¡Pago confirmado!',
  paymentAlreadyProcessed: 'Esta transacción ya había sido procesada.',
  confirmationRescued: 'Confirmación rescatada',
  copied: 'Copiado al portapapeles',
  deleteAllSuccess: '✅ Compras eliminadas y números liberados correctamente',
  heroSavedTitle: 'Cambios guardados',
  heroSavedDescription: 'La sección Hero ha sido actualizada correctamente',
  packageDeleted: 'Paquete eliminado',
  packageUpdated: 'Paquete actualizado',
  packageAdded: 'Paquete añadido',
  prizeUpdated: 'Premio actualizado',
  settingsSaved: 'Configuración guardada',
  userCreatedTitle: 'Usuario creado',
  userCreated: (email: string, roleLabel: string) => `${email} fue registrado como ${roleLabel}`,
  mediaUpdated: 'Archivo actualizado',
  mediaDeleted: 'Archivo eliminado',
} as const;

/** SPEC §2/§4/§8: fixed interface texts (buttons, states, empty lists, confirms). */
export const UI = {
  brandFirst: 'Voy a',
  brandSecond: 'Ganar',
  supportHours: 'Lunes a Viernes 9am-6pm',
  participate: '¡QUIERO PARTICIPAR!',
  cannotParticipate: 'YA NO SE PUEDE PARTICIPAR',
  processingPayment: 'Procesando tu pago...',
  processingButton: 'PROCESANDO...',
  confirmingTitle: 'Procesando tu pago',
  confirmingDescription: 'Estamos confirmando tu transacción...',
  paymentReceived: 'Hemos recibido tu pago exitosamente',
  completedLabel: 'Completado',
  noPurchaseData: 'No se encontraron datos de la compra',
  notFoundCode: '404',
  notFoundText: 'Oops! La pagina no se encuentra pro el momento',
  loginTitle: 'Panel de Administración',
  loginSubtitle: 'Acceso Restringido',
  loginSubmit: 'Iniciar Sesión',
  loginSubmitting: 'Iniciando sesión...',
  adminTitle: 'Admin Dashboard',
  accountMenu: 'Mi Cuenta',
  logout: 'Salir',
  finishRaffle: 'Finalizar rifa',
  reactivateRaffle: 'Reactivar rifa',
  deleteAll: 'Borrar todo',
  deleteAllConfirm: '¿Estás seguro de borrar TODAS las compras y reiniciar los números?',
  deletePrizesConfirm:
    '¿Estás seguro de que deseas eliminar todos los números premiados? Esta acción no se puede deshacer',
  refresh: 'Actualizar',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  back: 'Volver',
  details: 'Detalles',
  confirmTransfer: 'Confirmar Transferencia',
  direct: 'Directo',
  customPackageName: 'Personalizado',
  noRole: 'Sin rol',
  showing: (from: number, to: number, total: number) =>
    `Mostrando ${from}-${to} de ${total} compras`,
  // Screen and card titles (SPEC §2)
  dashboardTitle: 'Panel de Administración',
  currentDraw: 'Sorteo Actual',
  percentSold: 'Porcentaje Vendido',
  instantPrizesTitle: 'Premios Instantáneos',
  quickGuide: 'Guía Rápida',
  heroEditTitle: 'Editar Sección Hero',
  packagesTitle: 'Gestionar Paquetes',
  prizesViewTab: 'Consultar Premios',
  prizesAssignTab: 'Asignar Montos',
  settingsTitle: 'Configuración',
  settingsGeneral: 'General',
  settingsSocial: 'Redes Sociales',
  usersTitle: 'Gestión de Usuarios',
  purchasesTitle: 'Historial de Compras',
  pastRafflesTitle: 'Rifas',
  resellersTitle: 'Revendedores',
  reportsTitle: 'Reportes',
  bannerManagerTitle: 'Banner Manager',
  generate: 'Generar',
  exportPdf: 'PDF',
  exportExcel: 'Excel',
  filterAll: 'Todos',
  // Empty states
  noPackages: 'No hay paquetes disponibles.',
  noInstantPrizes: 'No hay premios instantáneos asignados.',
  noPurchases: 'No hay compras registradas',
  noFilteredPurchases: 'No hay compras que coincidan con los filtros',
  noPastRaffles: 'No hay rifas pasadas registradas.',
  noPastActivities: 'No hay actividades anteriores disponibles en este momento.',
  lookupEmpty: 'No se encontraron compras con ese email.',
} as const;

/** Public header links (SPEC §2). */
export const PUBLIC_NAV = [
  { href: '/', label: 'Inicio' },
  { href: '/sorteos', label: 'Sorteos' },
  { href: '/ganadores', label: 'Ganadores' },
  { href: '/verificar', label: 'Verificar' },
  { href: '/contacto', label: 'Contacto' },
  { href: '/admin/login', label: 'Admin' },
] as const;

/** Server answers SPEC does not give (every `msg` of a 4xx/5xx the api sends). */
export const SERVER = {
  unauthenticated: 'No autenticado',
  invalidToken: 'Sesión inválida o expirada.',
  forbidden: 'Acceso denegado.',
  invalidCredentials: 'Credenciales inválidas',
  tooManyAttempts: 'Demasiados intentos. Intente nuevamente en unos minutos.',
  tooManyOrders: 'Demasiados pedidos desde esta conexión. Intente nuevamente en unos minutos.',
  tooManyUploads: 'Demasiados archivos enviados. Intente nuevamente más tarde.',
  accountLocked:
    'Demasiados intentos fallidos desde esta conexión. Intente nuevamente en unos minutos.',
  loggedOut: 'Sesión cerrada.',
  currentPasswordWrong: 'La contraseña actual es incorrecta.',
  passwordChanged: 'Contraseña actualizada. Inicie sesión nuevamente con la nueva contraseña.',
  emailTaken: 'Ya existe un usuario con ese correo electrónico.',
  notFound: 'Recurso no encontrado.',
  methodNotAllowed: 'Método no permitido para este recurso.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  validationFailed: 'Datos inválidos.',
  internalError: 'Error interno del servidor.',
  // Raffle and numbers
  raffleNotFound: 'No hay una rifa configurada.',
  raffleInactive: 'La rifa no está activa.',
  soldOut: 'Los números de esta rifa están agotados.',
  notEnoughNumbers: (n: number) =>
    n === 1 ? 'Solo queda 1 número disponible.' : `Solo quedan ${n} números disponibles.`,
  totalNumbersTooLarge: 'La cantidad total de números es demasiado grande.',
  totalNumbersLocked: 'No se puede cambiar la cantidad de números después de generarlos.',
  numbersAlreadyGenerated: 'Los números de la rifa ya fueron generados.',
  numbersNotGenerated: 'Primero debe generar los números de la rifa.',
  numbersGenerated: (n: number) => `Se generaron ${n} números para la rifa.`,
  numbersDeleted: 'Números premiados eliminados correctamente.',
  numbersHaveSales: 'No se pueden eliminar los números: la rifa ya tiene ventas.',
  prizesAssigned: (n: number) => `Se asignaron ${n} premios instantáneos.`,
  prizesAlreadyAssigned: 'Los premios instantáneos ya fueron asignados.',
  notEnoughFreeNumbers: 'No hay suficientes números disponibles para asignar premios.',
  prizeNotFound: 'Premio no encontrado.',
  // Fairness (DESIGN, "The next layer"): what is published cannot change once a number is sold
  prizesLocked: 'Los premios instantáneos ya no se pueden cambiar: la rifa tiene ventas.',
  drawRuleLocked: 'La regla del sorteo ya no se puede cambiar: la rifa tiene ventas.',
  drawRuleSaved: 'Regla del sorteo guardada.',
  saleNotClosed: 'La venta aún no se ha cerrado.',
  saleClosed: 'La venta de esta rifa ya cerró.',
  drawAlreadyRecorded: 'El sorteo ya fue registrado.',
  fairnessRecordNotFound: 'No hay un sorteo registrado con esa referencia.',
  drawRecorded: (winningNumber: string | null) =>
    winningNumber === null
      ? 'Sorteo registrado: no se vendió ningún número.'
      : `Sorteo registrado: gana el número ${winningNumber}.`,
  // Orders and payments
  packageNotFound: 'Paquete no encontrado.',
  purchaseNotFound: 'Compra no encontrada.',
  amountMismatch: 'El monto no coincide con el precio del paquete.',
  methodUnavailable: 'Método de pago no disponible',
  providerError: 'El proveedor de pagos no respondió. Intente nuevamente.',
  idempotencyKeyInvalid:
    'La clave del pedido (Idempotency-Key) debe tener entre 16 y 128 letras, números, guiones o guiones bajos.',
  idempotencyKeyReused:
    'Esta clave ya se usó para un pedido distinto. Recarga la página y vuelve a enviar tu pedido.',
  orderInProgress:
    'Tu pedido aún se está procesando. Espera un momento y revisa tu correo antes de volver a intentarlo.',
  paymentNotApproved: 'El pago no fue aprobado.',
  paymentPending: 'El pago aún está pendiente.',
  reservationExpired: 'La reserva de números expiró.',
  refundRequired: 'El pago llegó cuando ya no quedaban números; la compra será reembolsada.',
  transferAlreadyConfirmed: 'La transferencia ya fue confirmada.',
  notBankTransfer: 'La compra no es una transferencia bancaria.',
  transferConfirmed: (n: number) => `Transferencia confirmada. Se asignaron ${n} números.`,
  bankTransferInstructions:
    'Pedido registrado. Transfiere el monto con el código de tu pedido como concepto y sube el comprobante en la página de tu pedido.',
  purchasesDeleted: 'Compras eliminadas y números liberados correctamente',
  invalidSignature: 'Firma del webhook inválida.',
  // Notifications
  notificationResent: 'Notificación reenviada.',
  purchaseNotCompleted: 'La compra aún no está completada.',
  // Media
  mediaSlotInvalid: 'Nombre de archivo no permitido.',
  mediaTypeBanner: 'El banner debe ser un archivo GIF.',
  mediaTypeImage: 'La imagen debe ser JPEG o PNG.',
  mediaTooLarge: 'El archivo es demasiado grande.',
  mediaMissingFile: 'Debe adjuntar un archivo.',
  mediaUploaded: 'Archivo actualizado',
  mediaDeleted: 'Archivo eliminado',
  // Generic success
  deleted: 'Eliminado correctamente.',
  updated: 'Actualizado correctamente.',
} as const;

/** Purchase limits (Ajustes → Límites de compra): what a buyer is told when one applies. */
export const LIMIT_MESSAGES = {
  perOrder: (max: number) => `Puedes comprar hasta ${max} números por pedido.`,
  /**
   * Every per-buyer and per-address ceiling answers alike: which one, or a count, would
   * tell a stranger who typed someone's cédula, phone or e-mail that they have orders here.
   */
  capReached:
    'No podemos reservar estos números: llegaste al máximo de números por comprador (correo, teléfono o cédula) o por conexión. Si tienes pedidos sin pagar, págalos o espera a que venzan, o elige menos números.',
  tooManyOrdersBuyer: 'Demasiados pedidos con estos datos. Intente nuevamente en unos minutos.',
  /** The custom quantity's total and button while the typed quantity cannot be bought. */
  invalidTotal: '—',
  invalidButton: 'Revisa la cantidad',
} as const;

/** Everything in one object, for callers who prefer `MSG.firstNameRequired`. */
export const MSG = { ...VALIDATION, ...FORM } as const;
