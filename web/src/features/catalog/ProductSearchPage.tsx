import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { faDigits } from '@/shared/lib/digits';
import { SearchIcon } from '@/shared/ui/Icons';
import { SearchForm } from '@/shared/ui/SearchForm';
import { SimplePage } from '@/shared/ui/SimplePage';

export default function ProductSearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return (
    <SimplePage
      icon={<SearchIcon />}
      message={q ? t('empty.searchFor', { q: faDigits(q) }) : t('empty.search')}
      action={{ to: '/shop', label: t('empty.goShop') }}
    >
      <SearchForm key={q} defaultValue={q} className="w-full max-w-md" />
    </SimplePage>
  );
}
