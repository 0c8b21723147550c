import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RouteInfoContext } from '@/shared/hooks/routeInfo';
import type { Loaded } from '@/shared/hooks/useLoad';
import { renderWithApp } from '@/shared/testing/render';
import { TextField } from '@/shared/ui/fields';
import { AdminList, FilterForm } from './AdminList';
import { useUrlFilters } from './useUrlFilters';

type Page = { rows: string[]; total: number; perPage: number; more?: boolean };

function List({ state, path = '/admin/x' }: { state: Loaded<Page>; path?: string }) {
  const route = { name: 'adminX', title: 'فهرست آزمایشی', layout: 'admin', requiresAuth: true, params: {} };
  return renderWithApp(
    <RouteInfoContext.Provider value={route}>
      <AdminList
        state={state}
        retry={() => {}}
        rows={(d) => d.rows}
        count={(d) => `${d.total} مورد`}
        paging={(d) => d}
        page={2}
        empty={{ icon: null, message: 'چیزی نیست' }}
        listTestId="x-list"
        renderRow={(r) => <li key={r}>{r}</li>}
      />
    </RouteInfoContext.Provider>,
    { path },
  );
}

describe('AdminList', () => {
  it('shows the route title with the count and the rows', () => {
    List({ state: { kind: 'ok', data: { rows: ['الف', 'ب'], total: 2, perPage: 50 } } });
    expect(screen.getByRole('heading', { name: /فهرست آزمایشی/ })).toBeInTheDocument();
    expect(screen.getByText('2 مورد')).toBeInTheDocument();
    expect(screen.getByTestId('x-list').children).toHaveLength(2);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('pages on the server when there are more rows than a page', () => {
    List({ state: { kind: 'ok', data: { rows: ['الف'], total: 120, perPage: 50 } } });
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('keeps paging past the counted pages when the total is a lower bound', () => {
    List({ state: { kind: 'ok', data: { rows: ['الف'], total: 10000, perPage: 50, more: true } } });
    const nav = screen.getByRole('navigation');
    expect(nav).toHaveTextContent('۲۰۰');
    expect(screen.getByTestId('pagination-more')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'بعدی' })).toBeInTheDocument();
  });

  it('says so when nothing matches', () => {
    List({ state: { kind: 'ok', data: { rows: [], total: 0, perPage: 50 } } });
    expect(screen.getByText('چیزی نیست')).toBeInTheDocument();
    expect(screen.queryByTestId('x-list')).toBeNull();
  });

  it('shows a refused filter as an alert with the server message', () => {
    List({ state: { kind: 'failed', status: 422, message: 'تاریخ را درست وارد کنید' } });
    expect(screen.getByRole('alert')).toHaveTextContent('تاریخ را درست وارد کنید');
  });

  it('offers a retry when the list could not be loaded', () => {
    let retried = 0;
    const route = { name: 'adminX', title: 'فهرست آزمایشی', layout: 'admin', requiresAuth: true, params: {} };
    renderWithApp(
      <RouteInfoContext.Provider value={route}>
        <AdminList<Page, string>
          state={{ kind: 'failed', status: 503, message: null }}
          retry={() => (retried += 1)}
          rows={(d) => d.rows}
          count={() => ''}
          empty={{ icon: null, message: '' }}
          listTestId="x-list"
          renderRow={(r) => <li key={r}>{r}</li>}
        />
      </RouteInfoContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'تلاش دوباره' }));
    expect(retried).toBe(1);
  });
});

function Filters() {
  const f = useUrlFilters(['q', 'status']);
  const [applied, setApplied] = useState(0);
  return (
    <FilterForm
      label="پالایش"
      onApply={(e) => {
        f.apply(e);
        setApplied((n) => n + 1);
      }}
      onClear={f.clear}
      applyText="اعمال"
      clearText="پاک کردن"
    >
      <TextField label="جستجو" value={f.draft.q} onChange={f.set('q')} />
      <TextField label="وضعیت" value={f.draft.status} onChange={f.set('status')} />
      <output data-testid="applied">{applied}</output>
    </FilterForm>
  );
}

describe('useUrlFilters', () => {
  it('starts from the URL and writes only filled, trimmed fields back, on page one', () => {
    renderWithApp(<Filters />, { path: '/admin/x?status=paid&page=3' });
    expect(screen.getByLabelText('وضعیت')).toHaveValue('paid');
    fireEvent.change(screen.getByLabelText('جستجو'), { target: { value: '  ۰۹۱۲ ' } });
    fireEvent.change(screen.getByLabelText('وضعیت'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'اعمال' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/x?q=%DB%B0%DB%B9%DB%B1%DB%B2');
  });

  it('clears the form and the URL', () => {
    renderWithApp(<Filters />, { path: '/admin/x?q=abc&status=paid' });
    fireEvent.click(screen.getByRole('button', { name: 'پاک کردن' }));
    expect(screen.getByLabelText('جستجو')).toHaveValue('');
    expect(screen.getByTestId('location').textContent).toBe('/admin/x');
  });
});
