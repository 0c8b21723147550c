import { useTranslation } from 'react-i18next';
import { ns } from '../i18n';
import { useResource } from '@/shared/api/resource';
import { Section } from '@/shared/ui/HomeSection';
import { listBlog } from '../api/content';
import { BlogCard } from './BlogsPage';

/** The home page's three newest blog posts (nothing when there are none). */
export default function BlogTeasers() {
  const { t } = useTranslation(ns);
  const { data } = useResource(listBlog(1, 3));
  if (!data?.data.length) return null;
  return (
    <Section id="home-blog" title={t('blog')} more="/blogs" moreLabel={t('readMore')}>
      <ul className="grid gap-4 md:grid-cols-3">
        {data.data.map((p) => (
          <li key={p.Id}>
            <BlogCard post={p} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
