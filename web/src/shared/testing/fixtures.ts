import { vi } from 'vitest';
import type { components } from '@/shared/api';
import { clearResourceCache } from '@/shared/api/resource';

type S = components['schemas'];
type ImageDto = S['ImageDto'];
type ProductCard = S['ProductCard'];
type ProductDetail = S['ProductDetail'];
type ProductListResponse = S['ProductListResponse'];
type SuggestResponse = S['SuggestResponse'];
type Variant = S['VariantDto'];

export const img = (id: number, pic = 0): ImageDto => ({
  Src: `/api/client/v1/catalog/images/${id}-${pic}-320.webp`,
  Src2x: `/api/client/v1/catalog/images/${id}-${pic}-640.webp`,
  SrcSet: [320, 640, 768, 1024, 1280, 1536].map((w) => `/api/client/v1/catalog/images/${id}-${pic}-${w}.webp ${w}w`).join(', '),
  Alt: 'لپ‌تاپ',
  Width: 320,
  Height: 240,
});

export function card(over: Partial<ProductCard> = {}): ProductCard {
  return {
    Id: 7,
    Uid: 'lenovo-ideapad-slim-5',
    Name: 'لپ‌تاپ لنوو آیدیاپد اسلیم ۵ مدل 82XF',
    Brand: 'Lenovo',
    BrandSlug: 'lenovo',
    BrandFa: 'لنوو',
    Model: '82XF',
    Line: 'laptop',
    LineLabel: 'لپ‌تاپ',
    Condition: 'new',
    ConditionLabel: 'نو',
    Price: 48_500_000,
    PriceText: '۴۸٬۵۰۰٬۰۰۰ تومان',
    OldPrice: undefined,
    OldPriceText: undefined,
    DiscountPercent: undefined,
    DiscountText: undefined,
    SpecialEndsAt: undefined,
    InStock: true,
    InsPayment: true,
    RamGb: 16,
    StorageGb: 512,
    StorageType: 'SSD',
    Cpu: 'Core i5-1335U',
    CpuFamily: 'intel-core-i5',
    Gpu: 'Intel Iris Xe',
    ScreenInches: 14,
    Image: img(7),
    Category: { Id: 3, Slug: 'lenovo', Name: 'لپ‌تاپ لنوو', Url: '/shop/category/lenovo-3' },
    Url: '/product/lenovo-ideapad-slim-5',
    ...over,
  };
}

export const variants: Variant[] = [
  { Id: 71, Color: 'نقره‌ای', ColorHex: '#c0c5cc', NameGaranti: 'گارانتی ۱۸ ماهه آواژنگ', DescriptionGaranti: '۱۸ ماه تعمیر و تعویض قطعات معیوب در مراکز آواژنگ', PriceGaranti: 0, Price: 48_500_000, OldPrice: undefined, UnitPriceText: '۴۸٬۵۰۰٬۰۰۰ تومان', UnitOldPriceText: undefined, DiscountPercent: 0, DiscountText: '۰', PriceGarantiText: '۰ تومان', WarrantyDifferences: [{ Id: 71, Difference: 0, DifferenceText: '۰ تومان' }, { Id: 72, Difference: 2_000_000, DifferenceText: '۲٬۰۰۰٬۰۰۰ تومان بیشتر' }], Stock: 5, InStock: true, InsPayment: true, Property: '16/512', DG: '7-1' },
  { Id: 72, Color: 'نقره‌ای', ColorHex: '#c0c5cc', NameGaranti: 'گارانتی ۲۴ ماهه طلایی', DescriptionGaranti: '۲۴ ماه تعمیر، تعویض قطعات و باتری در مراکز مجاز', PriceGaranti: 2_000_000, Price: 48_500_000, OldPrice: undefined, UnitPriceText: '۵۰٬۵۰۰٬۰۰۰ تومان', UnitOldPriceText: undefined, DiscountPercent: 0, DiscountText: '۰', PriceGarantiText: '۲٬۰۰۰٬۰۰۰ تومان', WarrantyDifferences: [{ Id: 71, Difference: -2_000_000, DifferenceText: '۲٬۰۰۰٬۰۰۰ تومان کمتر' }, { Id: 72, Difference: 0, DifferenceText: '۰ تومان' }], Stock: 2, InStock: true, InsPayment: true, Property: '16/512', DG: '7-2' },
  { Id: 73, Color: 'خاکستری تیره', ColorHex: '#464a52', NameGaranti: 'گارانتی ۱۸ ماهه آواژنگ', DescriptionGaranti: '۱۸ ماه تعمیر و تعویض قطعات معیوب در مراکز آواژنگ', PriceGaranti: 0, Price: 49_900_000, OldPrice: undefined, UnitPriceText: '۴۹٬۹۰۰٬۰۰۰ تومان', UnitOldPriceText: undefined, DiscountPercent: 0, DiscountText: '۰', PriceGarantiText: '۰ تومان', WarrantyDifferences: [{ Id: 73, Difference: 0, DifferenceText: '۰ تومان' }, { Id: 74, Difference: 2_000_000, DifferenceText: '۲٬۰۰۰٬۰۰۰ تومان بیشتر' }], Stock: 0, InStock: false, InsPayment: true, Property: '16/512', DG: '7-3' },
  { Id: 74, Color: 'خاکستری تیره', ColorHex: '#464a52', NameGaranti: 'گارانتی ۲۴ ماهه طلایی', DescriptionGaranti: '۲۴ ماه تعمیر، تعویض قطعات و باتری در مراکز مجاز', PriceGaranti: 2_000_000, Price: 49_900_000, OldPrice: undefined, UnitPriceText: '۵۱٬۹۰۰٬۰۰۰ تومان', UnitOldPriceText: undefined, DiscountPercent: 0, DiscountText: '۰', PriceGarantiText: '۲٬۰۰۰٬۰۰۰ تومان', WarrantyDifferences: [{ Id: 73, Difference: -2_000_000, DifferenceText: '۲٬۰۰۰٬۰۰۰ تومان کمتر' }, { Id: 74, Difference: 0, DifferenceText: '۰ تومان' }], Stock: 4, InStock: true, InsPayment: true, Property: '16/512', DG: '7-4' },
];

export function detail(over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...card(),
    Description: 'لپ‌تاپی سبک برای کار روزمره.',
    Specs: { Cpu: 'Core i5-1335U', CpuFamily: 'intel-core-i5', RamGb: 16, StorageGb: 512, StorageType: 'SSD', Gpu: 'Intel Iris Xe', ScreenInches: 14, ScreenResolution: '1920x1200', WeightKg: 1.4, BatteryWh: 57, Ports: ['USB-C'], Os: 'Windows 11' },
    SpecRows: [
      { Key: 'cpu', Label: 'پردازنده', Value: 'Core i5-1335U' },
      { Key: 'ram', Label: 'حافظه رم', Value: '۱۶ گیگابایت' },
    ],
    ConditionDetails: undefined,
    Variants: variants,
    DefaultVariantId: 71,
    Images: [img(7, 0), img(7, 1)],
    Breadcrumb: [{ Id: 3, Slug: 'lenovo', Name: 'لپ‌تاپ لنوو', Url: '/shop/category/lenovo-3' }],
    ...over,
  };
}

export function list(data: ProductCard[], over: Partial<ProductListResponse> = {}): ProductListResponse {
  return {
    status: 'ok',
    data,
    Total: data.length,
    Page: 1,
    Size: 24,
    Pages: 1,
    Facets: {
      Brands: [
        { Value: 'lenovo', Label: 'لنوو', Count: 12 },
        { Value: 'asus', Label: 'ایسوس', Count: 9 },
      ],
      Conditions: [
        { Value: 'new', Label: 'نو', Count: 30 },
        { Value: 'used', Label: 'استوک', Count: 20 },
      ],
      Lines: [{ Value: 'laptop', Label: 'لپ‌تاپ', Count: 50 }],
      Rams: [
        { Value: '8', Label: '۸ گیگابایت', Count: 10 },
        { Value: '16', Label: '۱۶ گیگابایت', Count: 25 },
      ],
      CpuFamilies: [{ Value: 'intel-core-i5', Label: 'اینتل Core i5', Count: 14 }],
      Screens: [
        { Value: '13-14', Label: '۱۳ تا ۱۴ اینچ', Count: 18 },
        { Value: '15-16', Label: '۱۵ تا ۱۶ اینچ', Count: 27 },
      ],
      Graphics: [
        { Value: 'integrated', Label: 'گرافیک مجتمع (آنبورد)', Count: 33 },
        { Value: 'nvidia-rtx', Label: 'انویدیا GeForce RTX', Count: 12 },
      ],
      Storages: [
        { Value: '512', Label: '۵۱۲ گیگابایت', Count: 30 },
        { Value: '1024', Label: '۱ ترابایت', Count: 15 },
      ],
      PriceMin: 20_000_000,
      PriceMax: 150_000_000,
    },
    Terms: [],
    HasBestsellers: false,
    ...over,
  };
}

export const suggest = (q: string): SuggestResponse => ({
  status: 'ok',
  data: [{ Uid: 'lenovo-ideapad-slim-5', Name: `لپ‌تاپ لنوو ${q}`, Price: 48_500_000, PriceText: '۴۸٬۵۰۰٬۰۰۰ تومان', Image: img(7), Url: '/product/lenovo-ideapad-slim-5' }],
  Terms: ['Lenovo'],
  Categories: [],
});

type Handler = (url: URL, request: Request) => unknown | Response | Promise<unknown>;

/** Stubs fetch: `routes` maps a path (or path prefix ending in '*') to a JSON body or a Response. */
export function mockApi(routes: Record<string, Handler>) {
  clearResourceCache();
  const calls: { url: URL; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    let body: unknown = null;
    if (request.method !== 'GET') {
      try {
        body = await request.clone().json();
      } catch {
        body = null;
      }
    }
    calls.push({ url, method: request.method, body });
    const key = Object.keys(routes).find((k) => (k.endsWith('*') ? url.pathname.startsWith(k.slice(0, -1)) : url.pathname === k));
    if (!key) return new Response(JSON.stringify({ status: 'error', message: 'not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    const out = await routes[key](url, request);
    if (out instanceof Response) return out;
    return new Response(JSON.stringify(out), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.url.pathname === path) };
}

