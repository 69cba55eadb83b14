#!/usr/bin/env python3
"""Body-shadow (direction gain) fit for the BLE shop-floor simulator.

Data: body_rssi.csv.gz beside this script (mitll Range_Angle, CC BY 4.0 (c) 2020 MIT;
pc-ng rss_smartphone, MIT licence (c) 2020 Pc Ng).

mitll: angle_deg = label typed into the logging app; INFERRED convention: 0 = the two
people face each other, the logging phone's carrier is turned (clockwise) by angle_deg.
Under that convention only the logger (carriage_rx) turns, so the angle pattern is the
rx carriage's gain; the tx carriage only adds a constant (absorbed by the sweep mean).

Unit of replication = session (mitll log file). A sweep = session x distance; the one
session with two distances (user1 18.23) has its two centred sweeps averaged.
Outputs: by_angle.csv and fits.csv in the folder given as --out (default: the current one), and a printed report.
Angles in by_angle.csv: mean_db = RSSI relative to the session mean (dB); CI = t-interval
over sessions.  Folded rows average a and 360-a within a session (NOT supported for
front_pocket_right/back_pocket/user4: asymmetric about 0).
Usage: python3 fit_direction.py [--boot N] [--out DIR]   (numpy and scipy)
"""
import csv, collections, math, sys
import numpy as np
import warnings
warnings.filterwarnings('ignore', 'Mean of empty slice')
from scipy import stats

import gzip, os
SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'body_rssi.csv.gz')
OUT = (sys.argv[sys.argv.index('--out') + 1] if '--out' in sys.argv else '.') + '/'
ANG = np.arange(0, 360, 45).astype(float)
RAD = np.radians(ANG)
MIN_N = 10                      # min readings for a (sweep, angle) cell
NBOOT = int(sys.argv[sys.argv.index('--boot') + 1]) if '--boot' in sys.argv else 1000
rng = np.random.default_rng(1)

# canonical phase (angle_deg of best RSSI expected from the carriage's position on the body)
CANON = {'hand': 0.0, 'front_pocket': 0.0, 'front_pocket_right': 0.0, 'front_pocket_any': 0.0,
         'back_pocket': 180.0}


def wrap(a):
    return (a + 180.0) % 360.0 - 180.0


# ----------------------------------------------------------------------------- load
mit = collections.defaultdict(list)          # (session, ctx, crx, d) -> [(angle, rssi)]
pc = collections.defaultdict(list)           # (set, tx, d) -> [rssi]
with gzip.open(SRC, 'rt') as f:
    for r in csv.DictReader(f):
        if r['source'] == 'mitll_range_angle':
            mit[(r['session'], r['carriage_tx'], r['carriage_rx'], float(r['distance_m']))].append(
                (float(r['angle_deg']), int(r['rssi'])))
        else:
            s, tx = r['session'].split('/tx=')
            pc[(s, tx, float(r['distance_m']))].append(int(r['rssi']))

# ----------------------------------------------------------------------------- mitll sweeps
sweeps = []
cell_sd = []                                  # reading-to-reading scatter per cell
for (sess, ctx, crx, d), v in sorted(mit.items()):
    a = np.array(v, float)
    y = np.full(8, np.nan); n = np.zeros(8, int); raw = {}
    for k, ang in enumerate(ANG):
        x = a[a[:, 0] == ang, 1]
        if len(x) >= 2:
            cell_sd.append(('mitll', crx, x.std(ddof=1), len(x)))
        if len(x) >= MIN_N:
            y[k] = x.mean(); n[k] = len(x); raw[k] = x
    if np.isfinite(y).sum() < 6:              # user5 20.36 @3.048 m has only the 0-deg cell
        print('drop sweep %s @%.2f m: %d usable angles' % (sess, d, np.isfinite(y).sum()))
        continue
    sweeps.append(dict(session=sess, user=sess.split('_')[0], ctx=ctx, crx=crx,
                       combo='%s->%s' % (ctx, crx), d=d, y=y, n=n, raw=raw))

# session-level patterns: centre each sweep (two-way additive fit within its rx group for
# the sweep offset when an angle is missing), average the sweeps of a session
def centre(Y, iters=50):
    """Y: sweeps x 8 with nan.  Returns offsets c and deviations Y - c (additive model)."""
    c = np.nanmean(Y, 1)
    for _ in range(iters):
        m = np.nanmean(Y - c[:, None], 0); m -= m.mean()
        c = np.nanmean(Y - m[None, :], 1)
    return c, Y - c[:, None]


sessions = collections.OrderedDict()
for grp in sorted({s['crx'] for s in sweeps}):
    idx = [i for i, s in enumerate(sweeps) if s['crx'] == grp]
    Y = np.array([sweeps[i]['y'] for i in idx])
    c, dev = centre(Y)
    for j, i in enumerate(idx):
        sweeps[i]['c'] = c[j]; sweeps[i]['dev'] = dev[j]
for s in sweeps:
    sessions.setdefault(s['session'], []).append(s)
S = []
for name, sw in sessions.items():
    dev = np.nanmean(np.array([s['dev'] for s in sw]), 0)
    S.append(dict(session=name, user=sw[0]['user'], ctx=sw[0]['ctx'], crx=sw[0]['crx'],
                  combo=sw[0]['combo'], dists=[s['d'] for s in sw], y=dev, sweeps=sw))


def members(key, val):
    if key == 'crx' and val == 'front_pocket_any':
        return [s for s in S if s['crx'] in ('front_pocket', 'front_pocket_right')]
    return [s for s in S if s[key] == val]


# ----------------------------------------------------------------------------- by-angle table
def tq(n):
    return stats.t.ppf(0.975, n - 1) if n > 1 else np.nan


rows = []
GROUPINGS = [('crx', g) for g in ['hand', 'front_pocket', 'front_pocket_right', 'front_pocket_any',
                                  'back_pocket']] + \
            [('combo', g) for g in sorted({s['combo'] for s in S})] + \
            [('ctx', g) for g in sorted({s['ctx'] for s in S})]
print('\n=== 1. mitll mean RSSI by angle (session/distance mean removed; sessions as unit)')
for key, g in GROUPINGS:
    M = members(key, g)
    Y = np.array([s['y'] for s in M])
    print('\n%s=%s  sessions=%d users=%s' % (key, g, len(M), sorted({s['user'] for s in M})))
    line = []
    for k, ang in enumerate(ANG):
        v = Y[:, k][np.isfinite(Y[:, k])]
        n = len(v); m = v.mean(); sd = v.std(ddof=1) if n > 1 else np.nan
        h = tq(n) * sd / math.sqrt(n) if n > 1 else np.nan
        rows.append([key, g, 'unfolded', int(ang), n, round(m, 2), '' if n < 2 else round(sd, 2),
                     '' if n < 2 else round(m - h, 2), '' if n < 2 else round(m + h, 2)])
        line.append('%3d:%+5.1f±%s' % (ang, m, '  - ' if n < 2 else '%4.1f' % h))
    print('  ' + ' '.join(line))
    # folded 0..180 (average a and 360-a within session)
    F = np.column_stack([Y[:, 0], np.nanmean(Y[:, [1, 7]], 1), np.nanmean(Y[:, [2, 6]], 1),
                         np.nanmean(Y[:, [3, 5]], 1), Y[:, 4]])
    line = []
    for k, ang in enumerate([0, 45, 90, 135, 180]):
        v = F[:, k][np.isfinite(F[:, k])]
        n = len(v); m = v.mean(); sd = v.std(ddof=1) if n > 1 else np.nan
        h = tq(n) * sd / math.sqrt(n) if n > 1 else np.nan
        rows.append([key, g, 'folded', ang, n, round(m, 2), '' if n < 2 else round(sd, 2),
                     '' if n < 2 else round(m - h, 2), '' if n < 2 else round(m + h, 2)])
        line.append('%3d:%+5.1f±%s' % (ang, m, '  - ' if n < 2 else '%4.1f' % h))
    print('  folded ' + ' '.join(line))
    # left/right symmetry: per session mean of y(a)-y(360-a), a=45,90,135 ; also 90 vs 270
    asym = np.nanmean(np.column_stack([Y[:, 1] - Y[:, 7], Y[:, 2] - Y[:, 6], Y[:, 3] - Y[:, 5]]), 1)
    d90 = Y[:, 2] - Y[:, 6]
    if len(M) > 1:
        t1 = stats.ttest_1samp(asym, 0); t2 = stats.ttest_1samp(d90, 0)
        print('  symmetry: mean[y(a)-y(360-a)] = %+.1f dB (sd %.1f, p=%.3f);  y(90)-y(270) = %+.1f (sd %.1f, p=%.3f)'
              % (asym.mean(), asym.std(ddof=1), t1.pvalue, d90.mean(), d90.std(ddof=1), t2.pvalue))
    else:
        print('  symmetry: y(a)-y(360-a) = %+.1f dB; y(90)-y(270) = %+.1f (one session)' % (asym[0], d90[0]))
with open(OUT + 'by_angle.csv', 'w', newline='') as f:
    w = csv.writer(f)
    w.writerow(['grouping', 'carriage', 'fold', 'angle_deg', 'n_sessions', 'mean_db', 'sd_between_sessions',
                'ci95_lo', 'ci95_hi'])
    w.writerows(rows)

# ----------------------------------------------------------------------------- shape models
PHI = np.arange(0, 360, 2.0)
TH0 = np.arange(0, 180, 10.0)


def basis_cos(phi):                      # -> (nphi, 8): RSSI shape, 0 at phi, -1 at phi+180
    return -(1 - np.cos(np.radians(ANG[None, :] - np.atleast_1d(phi)[:, None]))) / 2


def basis_flat(phi, th0):               # -> (nphi, nth0, 8)
    t = np.abs(wrap(ANG[None, None, :] - np.atleast_1d(phi)[:, None, None]))
    th0 = np.atleast_1d(th0)[None, :, None]
    return -np.clip((t - th0) / (180 - th0), 0, None)


def ls_fit(Ys, B):
    """Ys: n x 8 (nan allowed); B: (..., p, 8) basis.  Per-session free offset (FWL).
    Returns coef (..., p), sse (...)."""
    mask = np.isfinite(Ys)
    XtX = 0; Xty = 0; yy = 0
    for y, m in zip(Ys, mask):
        yc = y[m] - y[m].mean()
        Xc = B[..., m] - B[..., m].mean(-1, keepdims=True)
        XtX = XtX + np.einsum('...pk,...qk->...pq', Xc, Xc)
        Xty = Xty + np.einsum('...pk,k->...p', Xc, yc)
        yy = yy + (yc ** 2).sum()
    coef = np.linalg.solve(XtX + 1e-9 * np.eye(XtX.shape[-1]), Xty[..., None])[..., 0]
    sse = yy - np.einsum('...p,...p->...', coef, Xty)
    return coef, sse


def fit_model(model, Ys, canon):
    """returns dict(params) and predicted shape g (8,) (offset arbitrary)."""
    if model == 'none':
        return {}, np.zeros(8)
    if model == 'table':
        g = np.nanmean(Ys - np.nanmean(Ys, 1, keepdims=True), 0)
        return {}, g
    if model in ('cos_canon', 'cos_lit0'):
        phi = canon if model == 'cos_canon' else 0.0
        B = basis_cos(phi)[:, None, :]
        coef, _ = ls_fit(Ys, B)
        L = coef[0, 0]
        return dict(L=L, phi=phi), L * B[0, 0]
    if model == 'cos_free':
        B = np.stack([np.cos(RAD), np.sin(RAD)])[None]
        coef, _ = ls_fit(Ys, B)
        bc, bs = coef[0]
        L = 2 * math.hypot(bc, bs); phi = math.degrees(math.atan2(bs, bc)) % 360
        return dict(L=L, phi=phi), bc * np.cos(RAD) + bs * np.sin(RAD)
    if model in ('cos2_canon', 'cos2_free'):
        phis = np.array([canon]) if model == 'cos2_canon' else PHI
        t = np.radians(ANG[None, :] - phis[:, None])
        B = np.stack([np.cos(t), np.cos(2 * t)], 1)          # nphi x 2 x 8
        coef, sse = ls_fit(Ys, B)
        if model == 'cos2_free':
            sse = np.where(coef[:, 0] >= 0, sse, np.inf)     # L >= 0: phi = best direction
        i = int(np.argmin(sse)); a1, a2 = coef[i]
        g = a1 * np.cos(t[i]) + a2 * np.cos(2 * t[i])
        return dict(L=2 * a1, a2=a2, phi=phis[i]), g
    if model == 'harm2_full':
        B = np.stack([np.cos(RAD), np.sin(RAD), np.cos(2 * RAD), np.sin(2 * RAD)])[None]
        coef, _ = ls_fit(Ys, B)
        return dict(L=2 * math.hypot(*coef[0][:2])), coef[0] @ B[0]
    if model in ('flat_canon', 'flat_free'):
        phis = np.array([canon]) if model == 'flat_canon' else PHI
        B = basis_flat(phis, TH0)[:, :, None, :]               # nphi x nth0 x 1 x 8
        coef, sse = ls_fit(Ys, B)
        if model == 'flat_free':
            sse = np.where(coef[..., 0] >= 0, sse, np.inf)
        i, j = np.unravel_index(np.argmin(sse), sse.shape)
        L = coef[i, j, 0]
        return dict(L=L, th0=TH0[j], phi=phis[i]), L * B[i, j, 0]
    raise ValueError(model)


MODELS = ['none', 'cos_lit0', 'cos_canon', 'cos_free', 'cos2_canon', 'cos2_free',
          'flat_canon', 'flat_free', 'harm2_full', 'table']


def heldout_err(sess, g):
    """cell-level and reading-level squared errors for one held-out session (per sweep offset)."""
    ce, re_ = [], []
    for sw in sess['sweeps']:
        m = np.isfinite(sw['y'])
        c = np.mean(sw['y'][m] - g[m])
        pred = c + g
        ce += list((sw['y'][m] - pred[m]) ** 2)
        for k, x in sw['raw'].items():
            re_ += list((x - pred[k]) ** 2)
    return ce, re_


def loso(train_pool, test_sessions, canon_of):
    """Leave-one-session-out; train_pool(s) gives training sessions for held-out s."""
    out = {}
    for model in MODELS:
        ce, re_ = [], []
        for s in test_sessions:
            tr = train_pool(s)
            if len(tr) == 0:
                continue
            if model in ('cos_canon', 'cos2_canon', 'flat_canon') and isinstance(canon_of, dict):
                pass
            Ys = np.array([t['y'] for t in tr])
            _, g = fit_model(model, Ys, canon_of(s))
            a, b = heldout_err(s, g)
            ce += a; re_ += b
        out[model] = (math.sqrt(np.mean(ce)), math.sqrt(np.mean(re_)), len(ce))
    return out


def canon_of(s):
    return CANON[s['crx']]


print('\n=== 2. shape fits per rx carriage (group fit on all sessions; LOSO RMSE in dB)')
fitrows = []
GROUPS = ['front_pocket', 'front_pocket_right', 'front_pocket_any', 'back_pocket', 'hand']
per_session = {}
for g in GROUPS:
    M = members('crx', g)
    Ys = np.array([s['y'] for s in M])
    cz = CANON[g]
    print('\n-- %s (%d sessions, users %s)' % (g, len(M), sorted({s['user'] for s in M})))
    for model in MODELS[1:-1]:
        p, _ = fit_model(model, Ys, cz)
        # bootstrap over sessions for uncertainty of group-level parameters
        bs = collections.defaultdict(list)
        if len(M) > 2 and NBOOT:
            for _ in range(NBOOT if model not in ('cos2_free', 'flat_free', 'flat_canon') else NBOOT // 4):
                ii = rng.integers(0, len(M), len(M))
                pb, _ = fit_model(model, Ys[ii], cz)
                for kk, vv in pb.items():
                    bs[kk].append(vv)

        def fmt(kk):
            v = p[kk]
            if kk == 'phi' and model.endswith('canon') or (kk == 'phi' and model == 'cos_lit0'):
                return 'phi=%g(fixed)' % v
            if not bs.get(kk):
                return '%s=%.1f' % (kk, v)
            b = np.array(bs[kk])
            if kk == 'phi':
                b = v + wrap(b - v)
            lo, hi = np.percentile(b, [2.5, 97.5])
            return '%s=%.1f [%.1f,%.1f]' % (kk, v, lo, hi)
        print('  %-11s %s' % (model, '  '.join(fmt(kk) for kk in p)))
        fitrows.append([g, model] + ['%s=%.2f' % (kk, vv) for kk, vv in p.items()])
    # per-session fits: L with canonical phase (may be negative) and free-phase amplitude/phase
    ps = []
    for s in M:
        y = s['y'][None]
        pc_, _ = fit_model('cos_canon', y, cz)
        pf, _ = fit_model('cos_free', y, cz)
        p2, _ = fit_model('cos2_canon', y, cz)
        m = np.isfinite(s['y']); yc = s['y'][m] - s['y'][m].mean()
        B = np.stack([np.cos(RAD[m]), np.sin(RAD[m])]); B = B - B.mean(1, keepdims=True)
        cf, res, *_ = np.linalg.lstsq(B.T, yc, rcond=None)
        dof = m.sum() - 3; s2 = float(((yc - B.T @ cf) ** 2).sum()) / dof
        # E[|coef|^2] = |true|^2 + 2 * s2 * 2/n  (n equally spaced angles)
        Ldb = 2 * math.sqrt(max(0.0, (cf ** 2).sum() - 2 * s2 * 2 / m.sum()))
        ps.append((pc_['L'], pf['L'], pf['phi'], p2['a2'], Ldb, math.sqrt(s2)))
    ps = np.array(ps); per_session[g] = ps
    sd = lambda x: x.std(ddof=1) if len(x) > 1 else float('nan')
    print('  per-session: L_canon mean %.1f sd %.1f | free-phase swing L mean %.1f sd %.1f | '
          'best angle (deg) %s | a2(canon) mean %.1f sd %.1f'
          % (ps[:, 0].mean(), sd(ps[:, 0]), ps[:, 1].mean(), sd(ps[:, 1]),
             ' '.join('%.0f' % x for x in ps[:, 2]), ps[:, 3].mean(), sd(ps[:, 3])))
    print('  per-session noise-debiased swing L mean %.1f sd %.1f ; residual sd about per-session cosine: median %.1f dB'
          % (ps[:, 4].mean(), sd(ps[:, 4]), np.median(ps[:, 5])))
    if len(M) > 2:
        r = loso(lambda s, M=M: [t for t in M if t is not s], M, canon_of)
        print('  LOSO RMSE cell-level (reading-level):')
        print('   ' + '  '.join('%s %.2f (%.2f)' % (k, v[0], v[1]) for k, v in r.items()))
with open(OUT + 'fits.csv', 'w', newline='') as f:
    csv.writer(f).writerows(fitrows)

# pooled LOSO: train on all other sessions (all carriages), canonical phase per carriage
print('\n-- pooled over carriages (train on all other sessions; canonical phase per carriage)')
base = [s for s in S if s['crx'] != 'front_pocket_any']


def pooled_train(s):
    tr = []
    for t in base:
        if t is s:
            continue
        y = t['y'].copy()
        sh = int(round(wrap(CANON[t['crx']] - CANON[s['crx']]) / 45)) % 8
        tr.append(dict(y=np.roll(y, -sh)))   # rotate others into s's canonical frame
    return tr


for g in ['front_pocket', 'front_pocket_right', 'back_pocket', 'hand']:
    M = members('crx', g)
    r = loso(pooled_train, M, canon_of)
    print('  test on %-18s ' % g + '  '.join('%s %.2f' % (k, v[0]) for k, v in r.items()))
rall = loso(pooled_train, base, canon_of)
print('  all sessions        ' + '  '.join('%s %.2f (%.2f)' % (k, v[0], v[1]) for k, v in rall.items()))
rper = {}
for model in MODELS:
    ce, re_ = [], []
    for s in base:
        tr = [t for t in base if t['crx'] == s['crx'] and t is not s]
        if not tr:
            tr = pooled_train(s)     # hand: only one session -> use the pooled model
        _, gsh = fit_model(model, np.array([t['y'] for t in tr]), canon_of(s))
        a, b = heldout_err(s, gsh); ce += a; re_ += b
    rper[model] = (math.sqrt(np.mean(ce)), math.sqrt(np.mean(re_)))
print('  per-carriage models, all sessions (hand falls back to pooled): ' +
      '  '.join('%s %.2f (%.2f)' % (k, v[0], v[1]) for k, v in rper.items()))

# carriage differences vs session spread
print('\n-- carriage differences (sessions as unit)')
grp_main = ['front_pocket', 'front_pocket_right', 'back_pocket']
Lc = [per_session[g][:, 0] for g in grp_main]
print('  one-way ANOVA of per-session canonical-phase L (fp, fpr, bp): F=%.2f p=%.3g' % stats.f_oneway(*Lc))
Lf = [per_session[g][:, 1] for g in grp_main]
print('  one-way ANOVA of per-session free-phase swing L: F=%.2f p=%.3g' % stats.f_oneway(*Lf))
# permutation test on the 2-D first-harmonic vectors (pattern shape incl. phase)
H = []; lab = []
for gi, g in enumerate(grp_main):
    for s in members('crx', g):
        m = np.isfinite(s['y']); y = s['y'][m] - s['y'][m].mean()
        B = np.stack([np.cos(RAD[m]), np.sin(RAD[m])]); B = B - B.mean(1, keepdims=True)
        H.append(np.linalg.lstsq(B.T, y, rcond=None)[0]); lab.append(gi)
H = np.array(H); lab = np.array(lab)


def between_ss(H, lab):
    mu = H.mean(0)
    return sum((lab == k).sum() * ((H[lab == k].mean(0) - mu) ** 2).sum() for k in np.unique(lab))


obs = between_ss(H, lab)
perm = np.array([between_ss(H, rng.permutation(lab)) for _ in range(5000)])
print('  permutation test, first-harmonic vector differs between carriages: p=%.4f' % ((perm >= obs).mean()))
u = np.array([s['user'] for g in grp_main for s in members('crx', g)])
fpm = np.isin(u, ['user1', 'user4'])
obs2 = between_ss(H[fpm], (u[fpm] == 'user1').astype(int))
perm2 = np.array([between_ss(H[fpm], rng.permutation((u[fpm] == 'user1').astype(int))) for _ in range(5000)])
print('  same carriage (front_pocket rx), user1 vs user4: permutation p=%.4f' % ((perm2 >= obs2).mean()))
for gi, g in enumerate(grp_main):
    h = H[lab == gi]
    print('  %-18s harmonic (cos, sin) mean %+.2f %+.2f  sd %.2f %.2f  -> coherent L=%.1f phi=%.0f'
          % (g, *h.mean(0), *h.std(0, ddof=1), 2 * np.hypot(*h.mean(0)),
             math.degrees(math.atan2(h.mean(0)[1], h.mean(0)[0])) % 360))
allL = np.concatenate(Lc); allF = np.concatenate(Lf)
allD = np.concatenate([per_session[g][:, 4] for g in grp_main])
allD5 = np.concatenate([per_session[g][:, 4] for g in grp_main + ['hand']])
print('  ANOVA of noise-debiased swing: F=%.2f p=%.3g' % stats.f_oneway(*[per_session[g][:, 4] for g in grp_main]))
print('  noise-debiased swing, all 23 sessions incl. hand: mean %.1f sd %.1f median %.1f'
      % (allD5.mean(), allD5.std(ddof=1), np.median(allD5)))
# leave-one-USER-out, pooled canonical-phase model (does the shape transfer to a new household?)
ulab = lambda s: s['user'] + ('_hh' if s['crx'] == 'hand' else '')
for model in ['none', 'cos_canon', 'cos2_canon', 'flat_canon', 'table']:
    ce = []
    for s in base:
        tr = []
        for t in base:
            if ulab(t) == ulab(s):
                continue
            sh = int(round(wrap(CANON[t['crx']] - CANON[s['crx']]) / 45)) % 8
            tr.append(dict(y=np.roll(t['y'].copy(), -sh)))
        _, gsh = fit_model(model, np.array([t['y'] for t in tr]), canon_of(s))
        ce += heldout_err(s, gsh)[0]
    print('  leave-one-user-out pooled %-10s cell RMSE %.2f' % (model, math.sqrt(np.mean(ce))))
print('  all sessions (excl. hand): canonical L mean %.1f sd %.1f ; free swing mean %.1f sd %.1f (n=%d)'
      % (allL.mean(), allL.std(ddof=1), allF.mean(), allF.std(ddof=1), len(allL)))

# ----------------------------------------------------------------------------- 3. pc-ng
print('\n=== 3. pcng carriage offsets at angle 0 (same two phones; per distance, both directions)')
ds = sorted({k[2] for k in pc})
mean = {k: np.mean(v) for k, v in pc.items()}


def setdiff(a, b, tx_pairs):
    """per distance: mean over directions of [RSSI(a,tx,d) - RSSI(b,tx,d)]."""
    out = {}
    for d in ds:
        v = [mean[(a, t, d)] - mean[(b, t, d)] for t in tx_pairs if (a, t, d) in mean and (b, t, d) in mean]
        if v:
            out[d] = (np.mean(v), v)
    return out


pair1 = ['HTC One M9', 'gryphonelab']; pair2 = ['ASUS_Z00AD', 'N8']
# direction agreement (reciprocity) check
for st, pr in [('HandHand', pair1), ('PocketPocket', pair1), ('BackpackBackpack', pair1),
               ('HandPocket', pair1), ('HandBackpack', pair2), ('PocketBackpack', pair2)]:
    dd = [mean[(st, pr[0], d)] - mean[(st, pr[1], d)] for d in ds if (st, pr[0], d) in mean and (st, pr[1], d) in mean]
    print('  %-17s %s - %s: mean %+.1f dB sd %.1f over %d distances' % (st, pr[0], pr[1], np.mean(dd), np.std(dd, ddof=1), len(dd)))
comps = [('pocket-hand  (HandPocket - HandHand)', 'HandPocket', 'HandHand', pair1, 1.0),
         ('pocket-hand  (PocketPocket - HandHand)/2', 'PocketPocket', 'HandHand', pair1, 0.5),
         ('pocket-hand  (PocketBackpack - HandBackpack)', 'PocketBackpack', 'HandBackpack', pair2, 1.0),
         ('backpack-hand (BackpackBackpack - HandHand)/2', 'BackpackBackpack', 'HandHand', pair1, 0.5),
         ('backpack-pocket (BackpackBackpack - PocketPocket)/2', 'BackpackBackpack', 'PocketPocket', pair1, 0.5)]
for name, a, b, pr, fac in comps:
    r = setdiff(a, b, pr)
    for lab_, sel in [('all d', lambda d: True), ('d>=1 m', lambda d: d >= 1.0)]:
        v = np.array([fac * r[d][0] for d in r if sel(d)])
        h = tq(len(v)) * v.std(ddof=1) / math.sqrt(len(v))
        print('  %-52s %-6s n=%2d mean %+6.1f sd %4.1f 95%%CI [%+.1f,%+.1f] median %+.1f'
              % (name, lab_, len(v), v.mean(), v.std(ddof=1), v.mean() - h, v.mean() + h, np.median(v)))
    print('     by distance: ' + ' '.join('%g:%+.0f' % (d, fac * r[d][0]) for d in sorted(r)))
for (st, tx, d), v in pc.items():
    if len(v) >= 2:
        cell_sd.append(('pcng', st, np.std(v, ddof=1), len(v)))
# sensitivity floor
allv = np.concatenate([np.array(v) for v in pc.values()])
print('  pcng min RSSI %d, 1st percentile %.0f' % (allv.min(), np.percentile(allv, 1)))

# ----------------------------------------------------------------------------- 4. scatter
print('\n=== 4. reading-to-reading scatter (sd within session/distance/angle cell)')
for src in ['mitll', 'pcng']:
    v = np.array([c[2] for c in cell_sd if c[0] == src and c[3] >= MIN_N])
    print('  %-6s cells=%d median sd %.2f dB, IQR [%.2f, %.2f]' % (src, len(v), np.median(v), *np.percentile(v, [25, 75])))
    for g in sorted({c[1] for c in cell_sd if c[0] == src}):
        vv = np.array([c[2] for c in cell_sd if c[0] == src and c[1] == g and c[3] >= MIN_N])
        print('      %-18s cells=%3d median sd %.2f' % (g, len(vv), np.median(vv)))
