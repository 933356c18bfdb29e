// Walks every route the app puts behind a staff guard (as the app itself registered them) and calls
// each as staff with a minimal request: every call that is not a plain read must leave its audit
// row, whatever it answered (decision 088). A route that writes none is named in the failure.
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness';

describeEachEngine('audit walk', (t) => {
  it('writes an audit row for every staff call but plain reads', async () => {
    const staffRoutes = t().app.staffRoutes;
    const audited = staffRoutes.filter((route) => route.isAudited);
    // Enough routes to mean the walk found the app's staff side, and both kinds of audited call.
    expect(staffRoutes.length).toBeGreaterThan(40);
    expect(audited.some((route) => route.method === 'GET')).toBe(true);
    expect(audited.some((route) => route.method === 'POST')).toBe(true);

    // Cross-check from outside the hook: every /api/staff/ operation of the API document is behind a staff guard.
    const doc: { paths: Record<string, Record<string, unknown>> } = JSON.parse(
      (await t().app.inject({ method: 'GET', url: '/api/docs/json' })).body,
    );
    const known = new Set(staffRoutes.map((route) => `${route.method} ${route.url}`));
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/staff/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => ['get', 'post', 'put', 'delete'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    expect(documented.filter((key) => !known.has(key))).toEqual([]);

    // Every path parameter names a viewer's id, never the caller's own account or session, so no
    // call in the walk ends the walking staff member's session (a call with no session is not recorded).
    const viewer = await t().createViewer();
    const staff = await t().createStaff();
    for (const route of audited) {
      const url = route.url.replace(/:(\w+)/g, String(viewer.id));
      await t().app.inject({
        method:
          route.method === 'DELETE'
            ? 'DELETE'
            : route.method === 'PUT'
              ? 'PUT'
              : route.method === 'GET'
                ? 'GET'
                : 'POST',
        url,
        headers: { token: staff.tokenvalue, ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        ...(route.method === 'GET' ? {} : { payload: '{}' }),
      });
    }
    const written = await t().db.selectFrom('audit_log').select(['method', 'route']).execute();
    const recorded = new Set(written.map((row) => `${row.method} ${row.route}`));
    const silent = audited.map((route) => `${route.method} ${route.url}`).filter((key) => !recorded.has(key));
    expect(silent, 'staff routes that wrote no audit row').toEqual([]);
  });
});
