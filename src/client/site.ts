/**
 * The small script every page loads (no React): toasts, the maintenance screen, the loading
 * overlay during client navigation, the chunk-load guard, the new-build notice, the
 * remembered language and the roles of stacking tables. Islands share the same stores.
 */
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '@/lib/locales';
import { maintenance } from '@/stores/maintenance';
import { dismissToast, toasts, type Toast } from '@/stores/toast';
import { setSignedIn, userType, watchOtherTabs } from '@/stores/session';
import { apiGet } from './api';
import { navigate as routerNavigate } from 'astro:transitions/client';
import { watchForNewBuild } from './build-watch';
import { setNavigate } from './navigation';
import { installChunkReloadGuard } from './chunk-reload';
import { restoreTableRoles } from './stack-tables';

const TOAST_CLASS: Record<Toast['type'], string> = {
  success: 'alert-success',
  error: 'alert-error',
  info: 'alert-info',
  warning: 'alert-warning',
};

function renderToasts(list: readonly Toast[]): void {
  const host = document.getElementById('toaster');
  if (!host) return;
  host.replaceChildren(
    ...list.map((toast) => {
      const item = document.createElement('div');
      item.className = `alert ${TOAST_CLASS[toast.type]} shadow-lg max-w-[min(92vw,28rem)] whitespace-normal`;
      item.setAttribute('role', toast.type === 'error' ? 'alert' : 'status');
      const text = document.createElement('span');
      text.textContent = toast.message;
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'btn btn-ghost btn-xs';
      close.setAttribute('aria-label', host.dataset.closeLabel ?? 'Close');
      close.textContent = '✕';
      close.addEventListener('click', () => dismissToast(toast.id));
      item.append(text, close);
      return item;
    }),
  );
}

function renderMaintenance({ active, code }: { active: boolean; code: number | null }): void {
  const screen = document.getElementById('maintenance-screen');
  if (!screen) return;
  screen.hidden = !active;
  const codeSlot = screen.querySelector('[data-maintenance-code]');
  if (codeSlot) codeSlot.textContent = code === null ? '' : String(code);
  if (active) screen.querySelector<HTMLElement>('[data-maintenance-retry]')?.focus();
}

function setLoading(on: boolean): void {
  const overlay = document.getElementById('loading-overlay');
  overlay?.classList.toggle('hidden', !on);
  overlay?.classList.toggle('flex', on);
}

function rememberLanguageChoice(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest<HTMLElement>('[data-set-locale]');
  if (!link) return;
  // The page's query was left out of the markup (a secret): it goes along with the switch.
  if (link.dataset.keepQuery !== undefined && link instanceof HTMLAnchorElement)
    link.href = link.href.split('?')[0] + location.search;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${link.dataset.setLocale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}

/**
 * A navigation started while another view transition runs skips the first one, and the browser
 * rejects that transition's promises with an AbortError nobody awaits. It is harmless: keep it
 * out of the console (and out of error reports).
 */
function ignoreSkippedTransition(event: PromiseRejectionEvent): void {
  const reason = event.reason as { name?: string; message?: string } | null;
  if (reason?.name === 'AbortError' && /transition was skipped/i.test(reason.message ?? '')) event.preventDefault();
}

// Navigations the stores start (after sign-in, sign-out, an expired session) go through the client
// router, so the toast that announces them stays on screen across the page change.
setNavigate((path) => void routerNavigate(path));
toasts.subscribe(renderToasts);
window.addEventListener('unhandledrejection', ignoreSkippedTransition);
maintenance.subscribe(renderMaintenance);
installChunkReloadGuard();
document.addEventListener('click', rememberLanguageChoice);
document.addEventListener('astro:page-load', () => restoreTableRoles(document));
document.addEventListener('astro:before-preparation', () => setLoading(true));
document.addEventListener('astro:after-swap', () => {
  setLoading(false);
  renderMaintenance(maintenance.get());
});
// A navigation that fails or is abandoned must not leave the overlay up.
window.addEventListener('pageshow', () => setLoading(false));

/** After another tab signed in as someone else, load that account's information. */
async function reloadAccount(): Promise<void> {
  const type = userType.get();
  if (!type) return;
  const family = type === 'organ' ? 'amsw0103' : 'amsw0101';
  const account = await apiGet<{ accountId: number }>(`/api/${family}`, { suppressErrorToast: true });
  setSignedIn({ userType: type, account: { ...account, id: account.accountId } });
}
watchOtherTabs(reloadAccount);

const currentBuildId = document.documentElement.dataset.buildId;
if (currentBuildId) watchForNewBuild({ currentBuildId, visibilityTarget: document });
