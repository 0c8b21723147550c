import { AnimatedOutlet } from '@/app/PageTransition';
import { Footer } from './Footer';
import { Header } from './Header';
import { SkipLink } from './Layouts';
import { ProfileMenu } from './ProfileMenu';

/**
 * profile: header, the side menu of the profile routes, the page. Loaded with the first profile
 * page (the menu and its sign-out button are not needed before).
 */
export default function ProfileLayout() {
  return (
    <div className="flex min-h-dvh flex-col" data-layout="profile">
      <SkipLink />
      <Header />
      <div className="mx-auto grid w-full max-w-7xl flex-1 gap-5 px-4 py-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside className="min-w-0">
          <ProfileMenu />
        </aside>
        <main id="main" className="min-w-0">
          <AnimatedOutlet />
        </main>
      </div>
      <Footer />
    </div>
  );
}
