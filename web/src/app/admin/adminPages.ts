import type { PageLoader } from '@/app/pageModules';

/**
 * Every back-office page, one lazy chunk each, by its name in `contract/admin-routes.json`.
 * A staff page sits in its area's feature (the tickets inbox beside the customer's tickets);
 * a page of the back office alone (staff, audit log, dashboard) is its own feature.
 */
export const adminPages: Record<string, PageLoader> = {
  adminDashboard: () => import('@/features/dashboard/components/DashboardPage'),
  adminCustomers: () => import('@/features/customers/components/CustomersPage'),
  adminCustomer: () => import('@/features/customers/components/CustomerPage'),
  adminOrders: () => import('@/features/orders/components/admin/AdminOrdersPage'),
  adminOrder: () => import('@/features/orders/components/admin/AdminOrderPage'),
  adminPrices: () => import('@/features/catalog-admin/components/admin/prices/PricesPage'),
  adminProductPictures: () => import('@/features/catalog-admin/components/admin/pictures/PicturesPage'),
  adminTickets: () => import('@/features/tickets/components/StaffTicketsPage'),
  adminTicket: () => import('@/features/tickets/components/StaffTicketPage'),
  adminWarranty: () => import('@/features/warranty/components/admin/WarrantyClaimsPage'),
  adminReviews: () => import('@/features/reviews/components/admin/ReviewModerationPage'),
  adminChats: () => import('@/features/messages/components/StaffChatsPage'),
  adminCatalogProducts: () => import('@/features/catalog-admin/components/admin/ProductsPage'),
  adminCatalogProductNew: () => import('@/features/catalog-admin/components/admin/ProductEditorPage'),
  adminCatalogProduct: () => import('@/features/catalog-admin/components/admin/ProductEditorPage'),
  adminCatalogCategories: () => import('@/features/catalog-admin/components/admin/CategoriesPage'),
  adminRefunds: () => import('@/features/orders/components/admin/money/RefundsPage'),
  adminReturns: () => import('@/features/returns-admin/components/ReturnsPage'),
  adminPayments: () => import('@/features/orders/components/admin/money/PaymentsPage'),
  adminInstalments: () => import('@/features/instalments/components/admin/OverduePage'),
  adminPrepared: () => import('@/features/cart/components/admin/PreparedOrdersPage'),
  adminDelivery: () => import('@/features/settings-admin/components/admin/DeliveryPage'),
  adminDeliverySlots: () => import('@/features/settings-admin/components/admin/DeliverySlotsPage'),
  adminDiscounts: () => import('@/features/settings-admin/components/admin/DiscountsPage'),
  adminPlans: () => import('@/features/settings-admin/components/admin/PlansPage'),
  adminBlog: () => import('@/features/settings-admin/components/admin/BlogPage'),
  adminPages: () => import('@/features/settings-admin/components/admin/PagesPage'),
  adminFaq: () => import('@/features/settings-admin/components/admin/FaqPage'),
  adminStaff: () => import('@/features/staff/components/StaffPage'),
  adminAudit: () => import('@/features/audit/components/AuditPage'),
};
