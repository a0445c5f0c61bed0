// Demo data for a believable Ecuadorian raffle. `npm start` loads it into an empty store
// (DEMO_DATA, see env.ts); `npm run seed:demo -w @vag/core` loads it while `npm start`
// runs (it writes to MONGODB_URL). Idempotent: running it again changes nothing that is
// already there (fixed ids, create-if-absent accounts, numbers generated once).
import { pathToFileURL } from 'node:url';
import type { Db } from 'mongodb';
import { connectDatabase } from '../db/client';
import { countInstantPrizes } from '../db/instant-prizes';
import { ensureIndexes } from '../db/indexes';
import { readMedia, saveMedia } from '../db/media';
import { saveMediaImage } from '../media/media-variants';
import { upsertPackage } from '../db/packages';
import { upsertPastRaffle } from '../db/past-raffles';
import {
  CURRENT_RAFFLE_ID,
  ensureCurrentRaffle,
  featureRaffle,
  getRaffle,
  insertRaffle,
  setRaffleActive,
  stampRaffle,
  updateRaffleRecord,
} from '../db/raffle';
import { generateRaffleNumbers } from '../db/raffle-numbers';
import { getSettings, replaceSettings } from '../db/settings';
import { ensureStaffUser, findUserByEmail } from '../db/users';
import { parseEnv } from '../env';
import { assignInstantPrizes, PrizesNotAssignableError } from '../raffle/instant-prizes';
import { demoPhonePicture, demoPrizePicture } from './demo-prize';

export const DEMO_ACCOUNTS = {
  admin: {
    fullname: 'Administrador Voy a Ganar',
    email: 'admin@voyaganar.ec',
    password: 'Admin123!',
    role: 'admin',
  },
  reseller: {
    fullname: 'Carmen Zambrano',
    email: 'revendedor@voyaganar.ec',
    password: 'Revende123!',
    role: 'reseller',
  },
} as const;

export const DEMO_PACKAGES = [
  { id: 'demo-paquete-bronce', name: 'Paquete Bronce', quantity: 5, price: 5, isPopular: false },
  { id: 'demo-paquete-plata', name: 'Paquete Plata', quantity: 10, price: 9.5, isPopular: false },
  { id: 'demo-paquete-oro', name: 'Paquete Oro', quantity: 25, price: 22, isPopular: true },
  {
    id: 'demo-paquete-diamante',
    name: 'Paquete Diamante',
    quantity: 50,
    price: 40,
    isPopular: false,
  },
] as const;

export const DEMO_PAST_RAFFLES = [
  {
    id: 'demo-rifa-moto',
    activityName: 'Rifa Día de la Madre 2026',
    date: '2026-05-10',
    prize: 'Moto Honda CB190R',
    winner: 'María Fernanda Cedeño — Guayaquil',
    image: 'https://voyaganar.ec/ganadores/moto-honda.jpg',
    instagramPostUrl: 'https://www.instagram.com/p/VAG-madre-2026/',
  },
  {
    id: 'demo-rifa-iphone',
    activityName: 'Rifa Aniversario',
    date: '2026-02-14',
    prize: 'iPhone 17 Pro 256 GB',
    winner: 'Jorge Andrés Vera — Quito',
    image: 'https://voyaganar.ec/ganadores/iphone.jpg',
    instagramPostUrl: 'https://www.instagram.com/p/VAG-aniversario/',
  },
  {
    id: 'demo-rifa-efectivo',
    activityName: 'Gran Rifa de Fin de Año 2025',
    date: '2025-12-31',
    prize: '$5.000 en efectivo',
    winner: 'Lucía Andrade Ñauta — Cuenca',
    image: 'https://voyaganar.ec/ganadores/efectivo.jpg',
    instagramPostUrl: 'https://www.instagram.com/p/VAG-fin-de-anio/',
  },
] as const;

export const DEMO_INSTANT_PRIZES = [500, 250, 100, 100, 50, 50, 20, 20] as const;

/**
 * The express raffle's own picture (a phone, not the featured raffle's pickup), stored as
 * one of its trust page's files: the same photo is its prize proof. A fixed id, so loading
 * the demo again finds it.
 */
export const DEMO_PHONE_PICTURE = 'confianza-de3a0000-0000-4000-8000-000000000016.jpg';
/** The featured raffle's pickup as its trust page's prize photo (the hero's is a media slot). */
export const DEMO_PICKUP_PROOF = 'confianza-de3a0000-0000-4000-8000-000000000001.jpg';

/**
 * Who organizes the demo raffles, so its trust page and privacy notice name someone
 * (the bank account's holder). Kept where staff already filled their own.
 */
export const DEMO_ORGANIZER = {
  legalName: 'Voy a Ganar S.A.',
  ruc: '1790011674001',
  address: 'Av. Amazonas N34-451 y Av. Atahualpa, Quito',
} as const;

/** What each demo raffle's trust page shows beside the organizer: the prize's photo. */
const demoTrust = (photo: string) => ({
  permitReference: '',
  permitDocument: '',
  prizeProofImages: [photo],
  prizeInvoice: '',
  liveStreamUrl: '',
});

/** The second raffle on sale beside the featured one: a quick, small "rifa express". */
export const DEMO_EXPRESS_RAFFLE = {
  _id: 'demo-rifa-express',
  name: 'Rifa Express: iPhone 16',
  slug: 'rifa-express-iphone-16',
  prize: 'iPhone 16 de 128 GB',
  description: 'Mil números, un ganador, sorteo con la Lotería Nacional.',
  imageUrl: `/media/${DEMO_PHONE_PICTURE}`,
  trust: demoTrust(DEMO_PHONE_PICTURE),
  pricePerNumber: 2,
  endDate: new Date('2026-12-12T20:00:00.000-05:00'),
  totalNumbers: 1_000,
} as const;

export const DEMO_EXPRESS_PACKAGES = [
  { id: 'demo-express-3', name: 'Trío', quantity: 3, price: 5, isPopular: true },
  { id: 'demo-express-10', name: 'Diez', quantity: 10, price: 15, isPopular: false },
] as const;

export async function loadDemoData(db: Db): Promise<void> {
  await ensureCurrentRaffle(db);
  const raffle = await getRaffle(db, CURRENT_RAFFLE_ID);
  if (!raffle?.numbersGenerated) {
    await updateRaffleRecord(db, CURRENT_RAFFLE_ID, {
      fields: {
        name: 'Gran Rifa Navideña 2026',
        slug: 'gran-rifa-navidena-2026',
        prize: 'Toyota Hilux 0 km',
        imageUrl: '/media/media-1.jpg',
        pricePerNumber: 1,
        endDate: new Date('2026-12-24T23:59:59.000-05:00'),
      },
      size: { totalNumbers: 10_000 },
    });
    await generateRaffleNumbers(db, CURRENT_RAFFLE_ID);
  }
  await saveDemoPicture(db, DEMO_PICKUP_PROOF, demoPrizePicture);
  if (!(await getRaffle(db, CURRENT_RAFFLE_ID))?.trust)
    await updateRaffleRecord(db, CURRENT_RAFFLE_ID, {
      fields: { trust: demoTrust(DEMO_PICKUP_PROOF) },
    });
  await setRaffleActive(db, CURRENT_RAFFLE_ID, true);
  await stampRaffle(db, CURRENT_RAFFLE_ID, 'publishedAt');
  await featureRaffle(db, CURRENT_RAFFLE_ID);

  if ((await countInstantPrizes(db, CURRENT_RAFFLE_ID)) === 0) {
    // Once the demo raffle has sales its prizes are fixed (their hashes are published): leave them be.
    await assignInstantPrizes(db, DEMO_INSTANT_PRIZES, CURRENT_RAFFLE_ID).catch(
      (error: unknown) => {
        if (!(error instanceof PrizesNotAssignableError)) throw error;
      },
    );
  }

  for (const { id, ...fields } of DEMO_PACKAGES)
    await upsertPackage(db, CURRENT_RAFFLE_ID, id, fields);
  await loadExpressRaffle(db);
  for (const { id, ...fields } of DEMO_PAST_RAFFLES) await upsertPastRaffle(db, id, fields);

  await ensureStaffUser(db, DEMO_ACCOUNTS.admin);
  await ensureStaffUser(db, DEMO_ACCOUNTS.reseller);

  const settings = await getSettings(db);
  const { _id: _id, updatedAt: _updatedAt, ...current } = settings;
  await replaceSettings(db, {
    ...current,
    email: current.email || 'contacto@voyaganar.ec',
    organizer: current.organizer.legalName
      ? current.organizer
      : { ...current.organizer, ...DEMO_ORGANIZER },
    contactNumber: current.contactNumber || '+593 99 876 5432',
    whatsappNumber: current.whatsappNumber || '593998765432',
    bankAccounts: current.bankAccounts.length
      ? current.bankAccounts
      : [
          {
            bank: 'Banco Pichincha',
            type: 'Ahorros',
            number: '2201234567',
            holder: 'Voy a Ganar S.A.',
            holderId: '1790011674001',
          },
        ],
    socialMedia: {
      facebook: current.socialMedia.facebook || 'https://www.facebook.com/voyaganar.ec',
      instagram: current.socialMedia.instagram || 'https://www.instagram.com/voyaganar.ec',
      tiktok: current.socialMedia.tiktok || 'https://www.tiktok.com/@voyaganar.ec',
    },
  });

  if (!(await readMedia(db, 'media-1.jpg'))) {
    await saveMediaImage(db, 'media-1.jpg', await demoPrizePicture(), 'image/jpeg');
  }
}

async function loadExpressRaffle(db: Db): Promise<void> {
  const { _id: id, ...fields } = DEMO_EXPRESS_RAFFLE;
  await saveDemoPicture(db, DEMO_PHONE_PICTURE, demoPhonePicture);
  if (!(await getRaffle(db, id))) await insertRaffle(db, { _id: id, ...fields });
  for (const { id: packageId, ...pkg } of DEMO_EXPRESS_PACKAGES)
    await upsertPackage(db, id, packageId, pkg);
  await generateRaffleNumbers(db, id);
  await setRaffleActive(db, id, true);
  await stampRaffle(db, id, 'publishedAt');
}

/** A demo picture stored under a trust file's name (1280×720 JPEG), once. */
async function saveDemoPicture(db: Db, name: string, draw: () => Promise<Buffer>): Promise<void> {
  if (await readMedia(db, name)) return;
  await saveMedia(db, name, {
    data: await draw(),
    contentType: 'image/jpeg',
    size: { width: 1280, height: 720 },
  });
}

/**
 * The demo raffle, only into a store nobody has used yet: no package, no purchase and no
 * generated numbers (a first administrator from ADMIN_EMAIL does not count as use).
 * Answers whether it loaded.
 */
export async function loadDemoDataIfEmpty(db: Db): Promise<boolean> {
  const [packages, purchases, raffle] = await Promise.all([
    db.collection('packages').countDocuments({}, { limit: 1 }),
    db.collection('purchases').countDocuments({}, { limit: 1 }),
    getRaffle(db, CURRENT_RAFFLE_ID),
  ]);
  if (packages > 0 || purchases > 0 || raffle?.numbersGenerated) return false;
  await loadDemoData(db);
  return true;
}

/** How to sign in to the demo: the lines `npm start` and `seed:demo` print. */
export async function demoSignInLines(db: Db, publicUrl: string): Promise<string[]> {
  const reseller = await findUserByEmail(db, DEMO_ACCOUNTS.reseller.email);
  const origin = publicUrl.replace(/\/$/, '');
  return [
    'Datos de demostración cargados: una rifa activa con paquetes, premios y ganadores.',
    `  Tienda          ${origin}/`,
    `  Administración  ${origin}/admin/`,
    `  Administrador   ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
    `  Revendedor      ${DEMO_ACCOUNTS.reseller.email} / ${DEMO_ACCOUNTS.reseller.password} (código ${reseller?.code ?? '?'})`,
  ];
}

async function main(): Promise<void> {
  const env = parseEnv();
  const { client, db } = await connectDatabase(env.MONGODB_URL).catch((error: unknown) => {
    throw new Error(
      `No se pudo conectar con la base de datos en ${env.MONGODB_URL}. ` +
        'Deje corriendo `npm start` (o `node infra/ferretdb.mjs start`) y vuelva a ejecutar ' +
        `este comando. (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  try {
    await ensureIndexes(db);
    await loadDemoData(db);
    console.log((await demoSignInLines(db, env.PUBLIC_URL)).join('\n'));
  } finally {
    await client.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
