import type { ComponentType } from 'react';
import * as HomePageModule from '../features/home/HomePage';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * Every route's page, code-split: one lazy chunk per route name of routes.json (home aside).
 * The login page uses the auth feature's page when it exists (features/auth/LoginPage.tsx).
 */
const authLoginPage = import.meta.glob<PageModule>('../features/auth/LoginPage.tsx');
const authLoginLoader = Object.values(authLoginPage)[0];

export const pageModules: Record<string, PageLoader> = {
  // The landing page ships in the entry chunk (no extra round trip before the first render);
  // every other route is its own lazy chunk.
  home: () => Promise.resolve(HomePageModule),
  login: authLoginLoader ?? (() => import('../features/login/LoginPage')),
  blogs: () => import('../features/content/BlogsPage'),
  blogDetail: () => import('../features/content/BlogDetailPage'),
  aboutUs: () => import('../features/content/AboutUsPage'),
  contactUs: () => import('../features/content/ContactUsPage'),
  termsOfUse: () => import('../features/content/TermsOfUsePage'),
  privacyPolicy: () => import('../features/content/PrivacyPolicyPage'),
  commonQuestions: () => import('../features/content/CommonQuestionsPage'),
  shop: () => import('../features/catalog/ShopPage'),
  productSearch: () => import('../features/catalog/ProductSearchPage'),
  category: () => import('../features/catalog/CategoryPage'),
  specials: () => import('../features/catalog/SpecialsPage'),
  productDetail: () => import('../features/catalog/ProductDetailPage'),
  compare: () => import('../features/catalog/ComparePage'),
  categories: () => import('../features/catalog/CategoriesPage'),
  mobileSearch: () => import('../features/catalog/MobileSearchPage'),
  orderLink: () => import('../features/cart/OrderLinkPage'),
  errorPayment: () => import('../features/cart/ErrorPaymentPage'),
  successPayment: () => import('../features/cart/SuccessPaymentPage'),
  successInsPayment: () => import('../features/cart/SuccessInsPaymentPage'),
  profile: () => import('../features/profile/ProfilePage'),
  profileEdit: () => import('../features/profile/ProfileEditPage'),
  factors: () => import('../features/profile/FactorsPage'),
  finance: () => import('../features/profile/FinancePage'),
  addresses: () => import('../features/profile/AddressesPage'),
  cart: () => import('../features/cart/CartPage'),
  cartFirst: () => import('../features/cart/CartFirstPage'),
  CartOrderRegistration: () => import('../features/cart/CartOrderRegistrationPage'),
  discounts: () => import('../features/profile/DiscountsPage'),
  favorites: () => import('../features/profile/FavoritesPage'),
  tickets: () => import('../features/tickets/TicketsPage'),
  ticketDetail: () => import('../features/tickets/TicketDetailPage'),
  messages: () => import('../features/messages/MessagesPage'),
};
