import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/shared/testing/render';
import { card } from '@/shared/testing/fixtures';
import { lowContrastText } from '@/shared/testing/contrast';
import { ProductCard } from './ProductCard';

describe('ProductCard', () => {
  it('an out-of-stock card keeps its text at WCAG AA contrast (only the picture fades)', () => {
    renderWithApp(<ProductCard product={card({ InStock: false })} core={null} />);
    const el = screen.getByTestId('product-card');
    expect(el).toHaveTextContent('ناموجود');
    expect(lowContrastText(el)).toEqual([]);
  });
});
