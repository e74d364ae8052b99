import { logout } from './logout';

/**
 * The sign-out buttons of a page (`[data-logout]`, drawn by components/account/LogoutButton.astro):
 * rendered disabled, so an early press is never lost, enabled once this has run; a press signs out
 * (toast 登出成功, then /login) and a second press while it runs does nothing.
 */
export function wireLogoutButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-logout]')) {
    if (button.dataset.logout === 'ready') continue;
    button.dataset.logout = 'ready';
    button.addEventListener('click', async () => {
      if (button.disabled) return;
      button.disabled = true;
      try {
        await logout();
      } finally {
        button.disabled = false;
      }
    });
    button.disabled = false;
  }
}
