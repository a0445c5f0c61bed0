// `npx tsx loadtests/ticket-bench.ts`: what one ticket PDF costs the api (each numbers
// e-mail carries one): 1 000 renders of a 27-number purchase after 200 to warm up.
import { renderTicketPdf } from '@vag/core/ticket/ticket-pdf';

const numbers = Array.from({ length: 27 }, (_, i) => String(100_000 + i * 3_701).padStart(6, '0'));
const ticket = (i: number) => ({
  raffleName: 'Gran Rifa Navideña 2026',
  prize: 'Toyota Hilux 4x4 0 km',
  orderCode: `VAG-ABC${i % 10}DE`,
  numbers,
  ruleText:
    'El ganador es el número que coincide con las últimas cifras del primer premio de la Lotería Nacional del sorteo indicado; si ese número no se vendió, gana el siguiente vendido.',
  verifyUrl: `https://voyaganar.ec/verificar?n=${numbers.join(',')}&o=VAG-ABC${i}`,
});

for (let i = 0; i < 200; i++) await renderTicketPdf(ticket(i));
const renders = 1_000;
const started = performance.now();
const cpu = process.cpuUsage();
for (let i = 0; i < renders; i++) await renderTicketPdf(ticket(i));
const spent = process.cpuUsage(cpu);
console.log(
  `ticket: ${((performance.now() - started) / renders).toFixed(2)} ms wall, ${((spent.user + spent.system) / renders / 1_000).toFixed(2)} ms CPU per render`,
);
