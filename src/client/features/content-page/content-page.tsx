import { ContentBlocks, parseBlocks } from './content-blocks';
import { RichText, stripTags } from '../../components/rich-text';
import { useDocumentTitle } from '../../components/use-document-title';
import { ContentBanner } from './content-banner';
import { bannerFields, str } from '#shared/rules/content-fields';
import { ProspectEmailForm } from './prospect-email-form';
import { useMember } from '../session';
import styles from './content-page.module.css';

type ContentPageProps = {
  /** An earn_details item's fields (§3 content page). */
  fields: Record<string, unknown>;
  /** h1 when the item has neither a title nor banner text. */
  fallbackTitle: string;
};

/**
 * §2 content-page template: banner (image, welcome, h1, optional prospect e-mail capture), main
 * column, side column (314px from 861px) and disclaimer; browser_title becomes the document title.
 */
export function ContentPage({ fields, fallbackTitle }: ContentPageProps) {
  const banner = bannerFields(fields.banner);
  const browserTitle = str(fields.browser_title);
  const ownTitle = str(fields.title);
  const bannerText = str(fields.banner_text);
  const title = ownTitle || bannerText || (browserTitle ? stripTags(browserTitle) : '') || fallbackTitle;
  const side = parseBlocks(fields.side_column);
  const disclaimer = str(fields.disclaimer);
  // §2 welcome greeting with the signed-in member's first name.
  const { member, isLoading } = useMember();
  useDocumentTitle(browserTitle ? stripTags(browserTitle) : null);

  return (
    <div className={styles.page}>
      <ContentBanner banner={banner} title={title} subtitle={ownTitle ? bannerText : undefined} firstName={member?.firstName.trim() || undefined} welcomePending={isLoading}>
        {banner.includeProspectEmail && <ProspectEmailForm />}
      </ContentBanner>
      <div className={`container ${styles.columns} ${side.length ? styles.withSide : ''}`}>
        <div>
          <ContentBlocks blocks={fields.main_column} />
        </div>
        {side.length > 0 && (
          <div className={styles.side}>
            <ContentBlocks blocks={side} />
          </div>
        )}
      </div>
      {disclaimer && (
        <div className="container">
          <RichText html={disclaimer} className={styles.disclaimer} />
        </div>
      )}
    </div>
  );
}
