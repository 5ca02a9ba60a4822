import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { MemberDirectory as Directory } from './MemberDirectory.tsx';

const Loaded = lazy(() => import('./MemberDirectory.tsx').then((m) => ({ default: m.MemberDirectory })));

/**
 * The member directory, its code (and its query) loaded once its place comes near the viewport:
 * beside the feed that is at once on a wide screen, below it on a phone only when scrolled to.
 */
export function MemberDirectory(props: ComponentProps<typeof Directory>) {
  const [near, setNear] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = spot.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  if (!near) return <div ref={spot} className="min-h-40" />;
  return (
    <Suspense fallback={<div className="min-h-40" />}>
      <Loaded {...props} />
    </Suspense>
  );
}
