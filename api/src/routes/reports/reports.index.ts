// GET /api/admin/reports: totals and rows of purchases for the filters, as JSON or as
// reporte.pdf / reporte.xlsx, of one raffle or of all. Every staff member may ask;
// resellers see only their code. GET /api/admin/reports/raffles names the raffles the
// filter offers.
import { logReportExported } from '../../privacy/access-log';
import {
  PERMISSIONS,
  RAFFLE_TEXTS,
  REPORT_FILE_NAMES,
  REPORT_PAGE_SIZE,
  REPORT_TEXTS,
  SERVER,
  reportQuerySchema,
  reportRaffleSchema,
  type ReportQuery,
  reportResponseSchema,
  type RaffleStatus,
} from '@vag/contracts';
import { z } from 'zod';
import type { Db } from 'mongodb';
import { Hono, type MiddlewareHandler } from 'hono';
import { ALL_STAFF, requireStaff } from '../../auth';
import type { AppEnv, StaffUser } from '../../context';
import { queryReport, reportPage, type ReportFilter } from '@vag/core/db/report-facts';
import { raffleNameIn } from '@vag/core/db/by-raffle';
import { listRaffles, raffleNames } from '@vag/core/raffles/raffle-records';
import { apiError } from '../../lib/errors';
import { fieldErrors } from '../../lib/validate';
import { reportFilter } from './report-filter';
import { renderReportPdf } from './report-pdf';
import { renderReportXlsx } from './report-xlsx';
import type { NamedReport } from './report-format';
import { describe, documentedAs } from '../../lib/openapi';

/** The filters as the PDF states them, e.g. 'Rifa: Rifa Express, startDate: 2026-12-01'. */
function describeFilters(query: ReportQuery, report: NamedReport, resellerCode?: string): string {
  const entries = Object.entries({
    ...query,
    format: undefined,
    page: undefined,
    raffleId: undefined,
    reseller: resellerCode ?? query.reseller,
  }).filter(([, v]) => v !== undefined && v !== '');
  const raffle = `${REPORT_TEXTS.raffle}: ${report.raffleName ?? REPORT_TEXTS.allRaffles}`;
  return [raffle, ...entries.map(([k, v]) => `${k}: ${String(v)}`)].join(', ');
}

/** The report of the filter, each row with its raffle's name. */
async function namedReport(db: Db, filter: ReportFilter): Promise<NamedReport> {
  const [report, names] = await Promise.all([queryReport(db, filter), raffleNames(db)]);
  return {
    totals: report.totals,
    rows: report.rows.map((row) => ({ ...row, raffleName: raffleNameIn(names, row.raffleId) })),
    raffleName: filter.raffleId === undefined ? null : raffleNameIn(names, filter.raffleId),
  };
}

/**
 * Whether a staff member may report on a raffle: an admin on all; a reseller not on a
 * draft (not published: its name and test orders are the admins' business).
 */
const reportable = (staff: StaffUser, raffle: { status: RaffleStatus }) =>
  staff.role === 'admin' || raffle.status !== 'draft';

/** The filter without the raffles this staff member may not see; 404 when it names one. */
async function withoutHiddenRaffles(
  db: Db,
  staff: StaffUser,
  filter: ReportFilter,
): Promise<ReportFilter> {
  if (staff.role === 'admin') return filter;
  const hidden = (await listRaffles(db)).filter((r) => !reportable(staff, r)).map((r) => r._id);
  if (filter.raffleId !== undefined && hidden.includes(filter.raffleId))
    throw apiError(404, RAFFLE_TEXTS.notFound);
  return { ...filter, exceptRaffleIds: hidden };
}

// Without a token the screen's report answers SPEC §8's 'ver reportes' message and its
// exports 'No autenticado'.
const reportGuard = requireStaff(ALL_STAFF, PERMISSIONS.viewReports);
const exportGuard = requireStaff(ALL_STAFF, PERMISSIONS.notAuthenticatedExport);

export const reportsRouter = new Hono<AppEnv>()
  .get(
    '/raffles',
    describe({
      operationId: 'reportRaffles',
      tag: 'reports',
      summary: 'Las rifas por las que se puede filtrar un reporte (id y nombre).',
      response: z.array(reportRaffleSchema),
      errors: [403],
    }),
    reportGuard,
    async (c) => {
      const raffles = await listRaffles(c.get('deps').db);
      return c.json(
        raffles
          .filter((r) => reportable(c.get('staff'), r))
          .map((r) => ({ id: r._id, name: r.name })),
      );
    },
  )
  .get(
    '/',
    describe({
      operationId: 'reports',
      query: reportQuerySchema,
      tag: 'reports',
      summary:
        'Reporte de ventas con filtros; format=pdf|xlsx descarga reporte.pdf / reporte.xlsx.',
      response: reportResponseSchema,
      produces: [
        'application/json',
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      errors: [400, 403],
    }),
    // The export's own 401 text; the same staff and the same document as the report.
    documentedAs<MiddlewareHandler<AppEnv>>(
      (c, next) => (c.req.query('format')?.trim() ? exportGuard : reportGuard)(c, next),
      reportGuard,
    ),
    async (c) => {
      // An empty filter means "any" (the screen omits them, a hand-made URL may not).
      const raw = Object.fromEntries(
        Object.entries(c.req.query()).filter(([, v]) => v.trim() !== ''),
      );
      const parsed = reportQuerySchema.safeParse(raw);
      if (!parsed.success) {
        throw apiError(
          400,
          parsed.error.issues[0]?.message ?? SERVER.validationFailed,
          fieldErrors(parsed.error.issues),
        );
      }
      const query = parsed.data;
      const filter = await withoutHiddenRaffles(
        c.get('deps').db,
        c.get('staff'),
        reportFilter(query, c.get('staff')),
      );
      if (!query.format) {
        // One page of rows: a year of sales is too much for a screen to draw (SPEC §2), and
        // its totals come from each raffle's (report-facts.ts, reportPage).
        const page = query.page ?? 1;
        const db = c.get('deps').db;
        const [shown, names] = await Promise.all([
          reportPage(db, filter, { page, perPage: REPORT_PAGE_SIZE }),
          raffleNames(db),
        ]);
        return c.json({
          totals: shown.totals,
          purchases: shown.rows.map((r) => ({
            ...r,
            raffleName: raffleNameIn(names, r.raffleId),
            createdAt: r.createdAt.toISOString(),
          })),
          count: shown.count,
          page,
          perPage: REPORT_PAGE_SIZE,
        });
      }
      const report = await namedReport(c.get('deps').db, filter);
      await logReportExported(c.get('deps').db, c.get('staff'), {
        format: query.format,
        purchases: report.rows.length,
        raffleId: filter.raffleId,
      });

      if (query.format === 'pdf') {
        const pdf = await renderReportPdf(
          report,
          describeFilters(query, report, filter.resellerCode),
        );
        c.header('Content-Type', 'application/pdf');
        c.header('Content-Disposition', `attachment; filename="${REPORT_FILE_NAMES.pdf}"`);
        return c.body(new Uint8Array(pdf));
      }
      const xlsx = await renderReportXlsx(report);
      c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      c.header('Content-Disposition', `attachment; filename="${REPORT_FILE_NAMES.xlsx}"`);
      return c.body(new Uint8Array(xlsx));
    },
  );
