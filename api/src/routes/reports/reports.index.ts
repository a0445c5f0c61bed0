// GET /api/admin/reports: totals and rows of purchases for the filters, as JSON or as
// reporte.pdf / reporte.xlsx. Every staff member may ask; resellers see only their code.
import {
  PERMISSIONS,
  REPORT_FILE_NAMES,
  SERVER,
  reportQuerySchema,
  type ReportQuery,
  reportResponseSchema,
} from '@vag/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import { ALL_STAFF, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { queryReport } from '@vag/core/db/report-facts';
import { apiError } from '../../lib/errors';
import { fieldErrors } from '../../lib/validate';
import { reportFilter } from './report-filter';
import { renderReportPdf } from './report-pdf';
import { renderReportXlsx } from './report-xlsx';
import { describe, documentedAs } from '../../lib/openapi';

/** The filters as the PDF states them, e.g. 'startDate: 2026-12-01, status: PAID'. */
function describeFilters(query: ReportQuery, resellerCode: string | undefined): string {
  const entries = Object.entries({
    ...query,
    format: undefined,
    reseller: resellerCode ?? query.reseller,
  }).filter(([, v]) => v !== undefined && v !== '');
  return entries.map(([k, v]) => `${k}: ${String(v)}`).join(', ');
}

// Without a token the screen's report answers SPEC §8's 'ver reportes' message and its
// exports 'No autenticado'.
const reportGuard = requireStaff(ALL_STAFF, PERMISSIONS.viewReports);
const exportGuard = requireStaff(ALL_STAFF, PERMISSIONS.notAuthenticatedExport);

export const reportsRouter = new Hono<AppEnv>().get(
  '/',
  describe({
    operationId: 'reports',
    query: reportQuerySchema,
    tag: 'reports',
    summary: 'Reporte de ventas con filtros; format=pdf|xlsx descarga reporte.pdf / reporte.xlsx.',
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
    const filter = reportFilter(query, c.get('staff'));
    const report = await queryReport(c.get('deps').db, filter);

    if (query.format === 'pdf') {
      const pdf = await renderReportPdf(report, describeFilters(query, filter.resellerCode));
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="${REPORT_FILE_NAMES.pdf}"`);
      return c.body(new Uint8Array(pdf));
    }
    if (query.format === 'xlsx') {
      const xlsx = await renderReportXlsx(report);
      c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      c.header('Content-Disposition', `attachment; filename="${REPORT_FILE_NAMES.xlsx}"`);
      return c.body(new Uint8Array(xlsx));
    }
    return c.json({
      totals: report.totals,
      purchases: report.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    });
  },
);
