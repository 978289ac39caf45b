import { useState } from 'react';
import { merchantImageUrl } from '#shared/constants/merchant';
import type { MerchantMenuImage } from '#shared/schemas/merchant';
import { Modal } from '#client/components/modal';
import styles from './merchant-detail.module.css';

/** Menu thumbnails; each opens the full menu image in a dialog. */
export function MenuGallery({ base, images, merchantName }: { base: string; images: MerchantMenuImage[]; merchantName: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const current = open === null ? null : images[open];
  const label = (img: MerchantMenuImage, i: number) => img.alt.trim() || `${merchantName} menu, page ${i + 1}`;
  return (
    <>
      <ul className={styles.menus}>
        {images.map((img, i) => (
          <li key={`${img.path}-${i}`}>
            <button
              type="button"
              className={styles.menuButton}
              onClick={() => setOpen(i)}
              aria-haspopup="dialog"
            >
              <img src={merchantImageUrl(base, 'thumb', img.path)} alt="" loading="lazy" decoding="async" width={120} height={160} />
              <span>
                <span className="visually-hidden">View </span>
                {label(img, i)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Modal open={current != null} onClose={() => setOpen(null)} title={current ? label(current, open!) : ''}>
        {current && <img className={styles.menuImage} src={merchantImageUrl(base, 'menu', current.path)} alt={label(current, open!)} width={600} height={800} />}
      </Modal>
    </>
  );
}
