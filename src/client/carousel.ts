/** Behaviour of the server-rendered carousels (markup in components/home/Carousel.astro). */

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function initCarousels(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[data-carousel]:not([data-ready])').forEach(initCarousel);
}

function initCarousel(el: HTMLElement): void {
  el.dataset.ready = 'true';
  const slides = [...el.querySelectorAll<HTMLElement>('[data-slide]')];
  if (slides.length < 2) return;
  const dots = [...el.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
  const pauseButton = el.querySelector<HTMLButtonElement>('[data-carousel-pause]')!;
  const track = el.querySelector<HTMLElement>('[data-carousel-track]')!;
  const interval = Number(el.dataset.interval) || 6000;
  let current = 0;
  // Readers who ask for less motion start paused; they can still press play.
  let stoppedByUser = reducedMotion();
  let hovering = false;
  let focused = false;
  let timer: number | undefined;

  const show = (index: number, announce: boolean) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((slide, i) => {
      const active = i === current;
      slide.classList.toggle('opacity-100', active);
      slide.classList.toggle('opacity-0', !active);
      slide.classList.toggle('pointer-events-none', !active);
      if (active) slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
      slide
        .querySelectorAll<HTMLElement>('a, button')
        .forEach((c) => (active ? c.removeAttribute('tabindex') : c.setAttribute('tabindex', '-1')));
    });
    dots.forEach((dot, i) =>
      i === current ? dot.setAttribute('aria-current', 'true') : dot.removeAttribute('aria-current'),
    );
    track.setAttribute('aria-live', announce ? 'polite' : 'off');
  };

  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    const playing = !stoppedByUser && !hovering && !focused;
    track.setAttribute('aria-live', playing ? 'off' : 'polite');
    if (playing) timer = window.setInterval(() => show(current + 1, false), interval);
  };

  const renderPauseButton = () => {
    pauseButton.setAttribute(
      'aria-label',
      (stoppedByUser ? pauseButton.dataset.labelPlay : pauseButton.dataset.labelPause) ?? '',
    );
    pauseButton.querySelector('[data-icon-pause]')?.classList.toggle('hidden', stoppedByUser);
    pauseButton.querySelector('[data-icon-play]')?.classList.toggle('hidden', !stoppedByUser);
  };

  pauseButton.addEventListener('click', () => {
    stoppedByUser = !stoppedByUser;
    renderPauseButton();
    schedule();
  });
  el.querySelector('[data-carousel-prev]')?.addEventListener('click', () => show(current - 1, true));
  el.querySelector('[data-carousel-next]')?.addEventListener('click', () => show(current + 1, true));
  dots.forEach((dot, i) => dot.addEventListener('click', () => show(i, true)));
  el.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') show(current - 1, true);
    else if (event.key === 'ArrowRight') show(current + 1, true);
  });
  el.addEventListener('mouseenter', () => ((hovering = true), schedule()));
  el.addEventListener('mouseleave', () => ((hovering = false), schedule()));
  el.addEventListener('focusin', () => ((focused = true), schedule()));
  el.addEventListener('focusout', (event) => {
    if (!el.contains(event.relatedTarget as Node | null)) {
      focused = false;
      schedule();
    }
  });
  document.addEventListener('astro:before-swap', () => window.clearInterval(timer), { once: true });
  renderPauseButton();
  schedule();
}
