// Who buys and what: a realistic mix of packages and custom quantities, Ecuadorian
// buyer data, and the order payload of SPEC §7 (contracts' createOrderSchema).

const FIRST = [
  'María',
  'José',
  'Luis',
  'Ana',
  'Carlos',
  'Gabriela',
  'Andrés',
  'Daniela',
  'Jorge',
  'Valeria',
];
const LAST = ['García', 'Vera', 'Zambrano', 'Mendoza', 'Cedeño', 'Andrade', 'Torres', 'Paredes'];
const PLACES = [
  ['Pichincha', 'Quito'],
  ['Guayas', 'Guayaquil'],
  ['Azuay', 'Cuenca'],
  ['Manabí', 'Portoviejo'],
  ['El Oro', 'Machala'],
];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const digits = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const round2 = (x) => Math.round(x * 100) / 100;

/**
 * A valid cédula (province, third digit below 6, Ecuador's modulo-10 check digit) for
 * `serial`: different serials give different cédulas (144 million of them), so honest
 * buyers never share one and meet the per-buyer limits as one person each.
 */
export function cedulaFor(serial) {
  const block = 6_000_000;
  const province = 1 + (Math.floor(serial / block) % 24);
  const rest = String(serial % block).padStart(7, '0');
  const third = Math.floor(Number(rest) / 1_000_000);
  const digits = [...String(province).padStart(2, '0'), String(third), ...rest.slice(1)].map(
    Number,
  );
  const sum = digits.reduce((acc, d, i) => {
    const p = d * (i % 2 === 0 ? 2 : 1);
    return acc + (p > 9 ? p - 9 : p);
  }, 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

/** A client address for `serial` (10.x.y.z): each buyer connects from their own. */
export function addressFor(serial) {
  const n = serial % 16_777_216;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A buyer as the checkout form sends it; the e-mail is unique per buyer of the run, and
 * with a `serial` the cédula too (without one, one of two fixed ones).
 */
export function newBuyer(uid, paymentProvider, serial) {
  const [province, city] = pick(PLACES);
  const email = `comprador.${uid}@example.com`;
  return {
    firstName: pick(FIRST),
    lastName: pick(LAST),
    email,
    confirmEmail: email,
    phone: `09${digits(8)}`,
    country: 'ECUADOR',
    province,
    city,
    address: `Av. ${pick(LAST)} ${1 + Math.floor(Math.random() * 900)}`,
    // A real cédula's shape: the server checks Ecuador's check digit.
    document: serial === undefined ? pick(['1710034065', '0926687856']) : cedulaFor(serial),
    acceptedTerms: true,
    paymentProvider,
  };
}

// The largest custom quantity (CUSTOM_MAX, default 20): smaller makes a sale last longer.
const CUSTOM_MAX = Number(__ENV.CUSTOM_MAX || 20);

/**
 * What this buyer wants: mostly packages (the popular one twice as often), sometimes a
 * custom quantity of 1–CUSTOM_MAX numbers. CUSTOM_SHARE (0..1) tunes the mix.
 */
export function chooseQuantity(packages, pricePerNumber) {
  const customShare = Number(__ENV.CUSTOM_SHARE || 0.3);
  if (!packages.length || Math.random() < customShare) {
    const quantity = 1 + Math.floor(Math.random() * CUSTOM_MAX);
    return { packageId: null, quantity, price: round2(quantity * pricePerNumber) };
  }
  const weighted = packages.flatMap((p) => (p.isPopular ? [p, p] : [p]));
  const p = pick(weighted);
  return { packageId: p._id, quantity: p.quantity, price: p.price };
}

/** A custom order for exactly `quantity` numbers (late buyers taking what is left). */
export function customQuantity(quantity, pricePerNumber) {
  return { packageId: null, quantity, price: round2(quantity * pricePerNumber) };
}

/**
 * Where this buyer wants the numbers (checkout's "¿Dónde quieres recibir tus números?"):
 * WHATSAPP_SHARE of them WhatsApp (default 0.8, about how many Ecuadorians read it daily),
 * the rest SMS.
 */
export function chooseChannel() {
  const share = Number(__ENV.WHATSAPP_SHARE ?? 0.8);
  return Math.random() < share ? 'whatsapp' : 'sms';
}

/** The create-order payload for a choice, a buyer, a payment method and a message channel. */
export function orderPayload(choice, buyer, paymentMethod, channel = chooseChannel()) {
  const order = {
    amount: choice.price,
    quantity: choice.quantity,
    unitPrice: round2(choice.price / choice.quantity),
    totalPrice: choice.price,
    packageId: choice.packageId,
    resellerCode: null,
    paymentMethod,
    buyer,
    messaging: { channel },
  };
  if (choice.packageId === null) {
    order.packageData = { name: 'Personalizado', quantity: choice.quantity, price: choice.price };
  }
  return order;
}

/** The payment method of this buyer: PAYPAL_SHARE of them pay with PayPal, the rest by transfer. */
export function chooseMethod() {
  const share = Number(__ENV.PAYPAL_SHARE ?? 0.3);
  return Math.random() < share ? 'paypal' : 'bank_transfer';
}
