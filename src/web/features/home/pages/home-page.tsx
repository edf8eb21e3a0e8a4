import { useIsMobile } from '@web/app/hooks/use-is-mobile';
import { DesktopHome } from '../components/desktop-home';
import { MobileHome } from '../components/mobile-home';

/** Home: a mobile variant on mobile devices, a desktop variant otherwise. */
export function HomePage() {
  return useIsMobile() ? <MobileHome /> : <DesktopHome />;
}
