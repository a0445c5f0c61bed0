// Electronic invoices in the back office: Ajustes → Facturación electrónica, the Facturas
// list and the purchase's invoice. Field labels, statuses and the api's answers come from
// the contract (INVOICING_FIELD_LABELS, INVOICE_STATUS_WORDS); what the operator must still
// do themselves is written here, in plain words.
import {
  INVOICE_KIND_WORDS,
  INVOICE_STATUS_WORDS,
  INVOICING_DEFAULTS,
  INVOICING_FIELD_LABELS,
} from '@vag/contracts';

export const invoicingMessages = {
  card: {
    title: 'Facturación electrónica',
    hint: 'Con la facturación activa, cada compra pagada recibe su factura electrónica autorizada por el SRI, por correo y en la página de su pedido; un reembolso recibe su nota de crédito. Las facturas se emiten en segundo plano: el comprador nunca espera al SRI. Está apagada hasta que la actives.',
    operatorTitle: 'Lo que debes hacer tú (la plataforma no puede hacerlo por ti)',
    operatorCertificate:
      'Obtener tu firma electrónica (archivo .p12 y su contraseña) de una entidad de certificación autorizada en Ecuador, como el Banco Central, Security Data o ANF, y renovarla antes de que venza.',
    operatorSri:
      'Solicitar en el SRI (SRI en Línea) la autorización para emitir comprobantes electrónicos con tu RUC, registrar el establecimiento y el punto de emisión que pongas aquí, y probar en el ambiente de pruebas antes de pasar a producción.',
    operatorAccountant:
      'Decidir con tu contador la tarifa de IVA que corresponde a los boletos y si eres obligado a llevar contabilidad, contribuyente especial o RIMPE: la plataforma aplica lo que elijas, no da una opinión tributaria.',
    labels: INVOICING_FIELD_LABELS,
    environments: {
      pruebas: 'Pruebas (no tiene validez tributaria)',
      produccion: 'Producción',
    },
    regimes: {
      none: 'Ninguno',
      rimpe_emprendedor: 'RIMPE emprendedor',
      rimpe_negocio_popular: 'RIMPE negocio popular',
    },
    ivaHint:
      'El porcentaje de IVA incluido en el precio de los boletos, según lo que decida tu contador (0 % si no gravan IVA).',
    limitHint: `Sobre este total, la factura no puede ir a "consumidor final" y necesita la cédula o el RUC del comprador (el SRI fija hoy ${INVOICING_DEFAULTS.consumidorFinalLimit} USD).`,
    contribuyenteHint: 'Déjalo vacío si no eres contribuyente especial.',
    enabledHint: 'Para activarla hace falta el certificado.',
    save: 'Guardar facturación',
    saved: 'Facturación guardada',
    error: 'No se pudo guardar',
    certificateTitle: 'Certificado de firma electrónica (.p12)',
    certificateNone: 'Aún no subiste el certificado.',
    certificateFile: 'Archivo .p12',
    chooseFile: 'Elegir archivo .p12',
    noFile: 'Ningún archivo elegido',
    certificatePassword: 'Contraseña del certificado',
    upload: 'Subir certificado',
    uploaded: 'Certificado guardado',
    uploadError: 'No se pudo guardar el certificado',
    certificateOf: 'Firma de %{subject}',
    issuedBy: 'Emitida por %{issuer}',
    notAccreditedHint:
      'Sirve solo para el ambiente de pruebas; para producción sube la firma de una entidad acreditada (Banco Central del Ecuador, Security Data, ANF AC, Uanataca…).',
    validUntil: 'Vigente hasta el %{date}',
    expiresSoon:
      'El certificado vence en %{smart_count} día (el %{date}) |||| El certificado vence en %{smart_count} días (el %{date})',
    renewHint:
      'Renuévalo con tu entidad de certificación y sube el nuevo aquí antes de esa fecha: sin un certificado vigente no se emiten facturas.',
    expired: 'El certificado venció el %{date}: no se emiten facturas hasta que subas uno vigente.',
    secretKept:
      'El archivo y su contraseña se guardan cifrados; nunca se muestran ni se envían a nadie más que al SRI.',
  },
  list: {
    title: 'Facturas',
    intro:
      'Cada factura y nota de crédito con su estado en el SRI. Las devueltas o no autorizadas muestran los mensajes del SRI: corrige los datos del comprador y vuelve a emitirlas.',
    empty:
      'Aún no hay facturas. Se emiten al confirmarse cada pago, con la facturación electrónica activa en Ajustes.',
    issuedAt: 'Emitida',
    kind: 'Tipo',
    number: 'Número',
    order: 'Pedido',
    buyer: 'Comprador',
    total: 'Total',
    status: 'Estado',
    messages: 'Mensajes del SRI',
    kinds: INVOICE_KIND_WORDS,
    statuses: INVOICE_STATUS_WORDS,
    allStatuses: 'Todos los estados',
    month: 'Mes',
    allMonths: 'Todos los meses',
    exportLabel: 'Mes a exportar',
    exportMonth: 'Exportar mes (XML + Excel)',
    exportHint:
      'Un zip con el XML autorizado de cada comprobante del mes y un resumen en Excel para tu contador.',
    exportError: 'No se pudo exportar el mes',
    correct: 'Corregir datos',
    reissue: 'Volver a emitir',
    reissueError: 'No se pudo volver a emitir',
    correctTitle: 'Datos tributarios del comprador',
    idType: 'Tipo de identificación',
    idTypes: {
      '04': 'RUC',
      '05': 'Cédula',
      '06': 'Pasaporte',
      '07': 'Consumidor final',
    },
    id: 'Identificación',
    name: 'Nombre o razón social',
    email: 'Correo',
    address: 'Dirección',
    save: 'Guardar datos',
    cancel: 'Cancelar',
    correctError: 'No se pudieron corregir los datos',
    accessKey: 'Clave de acceso',
    attempts: 'Intentos',
  },
  purchase: {
    title: 'Factura electrónica',
    none: 'Sin factura: la facturación estaba apagada o la compra no está pagada.',
    open: 'Ver en Facturas',
  },
};
