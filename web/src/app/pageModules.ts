import type { ComponentType } from 'react';
import * as HomePageModule from '@/app/routes/home/HomePage';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** Pages that ship in the entry chunk: rendered at once, no lazy step. */
export const eagerPages: Partial<Record<string, ComponentType>> = { home: HomePageModule.default };

/** Every route's page, code-split: one lazy chunk per route name of routes.json (home aside). */

export const pageModules: Record<string, PageLoader> = {
  // The landing page ships in the entry chunk (no extra round trip before the first render);
  // every other route is its own lazy chunk.
  home: () => Promise.resolve(HomePageModule),
  login: () => import('@/features/auth/components/LoginPage'),
  register: () => import('@/features/auth/components/RegisterPage'),
  blogs: () => import('@/features/content/components/BlogsPage'),
  blogDetail: () => import('@/features/content/components/BlogDetailPage'),
  aboutUs: () => import('@/features/content/components/AboutUsPage'),
  contactUs: () => import('@/features/content/components/ContactUsPage'),
  termsOfUse: () => import('@/features/content/components/TermsOfUsePage'),
  privacyPolicy: () => import('@/features/content/components/PrivacyPolicyPage'),
  commonQuestions: () => import('@/features/content/components/CommonQuestionsPage'),
  shop: () => import('@/features/catalog/components/ShopPage'),
  productSearch: () => import('@/features/catalog/components/ProductSearchPage'),
  category: () => import('@/features/catalog/components/CategoryPage'),
  specials: () => import('@/features/catalog/components/SpecialsPage'),
  productDetail: () => import('./routes/ProductDetailRoute'),
  compare: () => import('@/features/catalog/components/ComparePage'),
  categories: () => import('@/features/catalog/components/CategoriesPage'),
  mobileSearch: () => import('@/features/catalog/components/MobileSearchPage'),
  orderLink: () => import('@/features/cart/components/OrderLinkPage'),
  errorPayment: () => import('@/features/orders/components/ErrorPaymentPage'),
  successPayment: () => import('@/features/orders/components/SuccessPaymentPage'),
  successInsPayment: () => import('@/features/instalments/components/SuccessInsPaymentPage'),
  profile: () => import('./routes/ProfileRoute'),
  profileEdit: () => import('./routes/ProfileEditRoute'),
  factors: () => import('@/features/orders/components/FactorsPage'),
  factor: () => import('./routes/FactorRoute'),
  finance: () => import('@/features/instalments/components/FinancePage'),
  addresses: () => import('@/features/address/components/AddressBookPage'),
  cart: () => import('@/features/cart/components/CartPage'),
  cartFirst: () => import('./routes/checkout/CartFirstRoute'),
  CartOrderRegistration: () => import('./routes/checkout/CartOrderRegistrationRoute'),
  discounts: () => import('@/features/discounts/components/DiscountsPage'),
  favorites: () => import('@/features/favourites/components/FavouritesPage'),
  alerts: () => import('@/features/alerts/components/AlertsPage'),
  tickets: () => import('@/features/tickets/components/TicketsPage'),
  ticketDetail: () => import('@/features/tickets/components/TicketDetailPage'),
  messages: () => import('@/features/messages/components/MessagesPage'),
};
