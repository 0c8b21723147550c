import ProfilePage from '@/features/profile/components/ProfilePage';
import { RecentOrdersSlot } from '@/features/profile/components/slots';
import { RecentOrders } from '@/features/orders/components/RecentOrders';

/** The profile overview with the orders feature's recent-orders summary. */
export default function ProfileRoute() {
  return (
    <RecentOrdersSlot.Provider value={RecentOrders}>
      <ProfilePage />
    </RecentOrdersSlot.Provider>
  );
}
