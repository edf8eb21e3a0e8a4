import NewsManagementPage from '@web/features/news/pages/news-management-page';

/** The staff panel's News tab: news management itself (articles, publish and feature toggles). */
export function NewsTab() {
  return <NewsManagementPage />;
}
