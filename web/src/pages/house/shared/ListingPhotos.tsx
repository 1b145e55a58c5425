// A listing's photos: the gallery of its detail page and the uploader of its edit page. Every
// picture shown is the caller's own copy, watermarked by the server with their name and user
// code; uploads are compressed in the browser by core's plan (components/photo/compress.ts).
import { useEffect, useRef, useState } from 'react';
import { Button, Image, Message, Select, Space, Spin, Tag, Tooltip } from '@arco-design/web-react';
import { IconArrowLeft, IconArrowRight, IconDelete, IconStar, IconUpload } from '@arco-design/web-react/icon';
import { isApiFailure } from '../../../api/client';
import type { ListingPhoto } from '../../../api/house/oldHouse';
import { useRead } from '../../../api/useRead';
import { DetailSection } from '../../../components/detail/DetailPage';
import { enumOptions } from '../../../components/enums';
import { confirmAction } from '../../../components/form/confirmAction';
import { compressPhoto, PhotoRefused, photosLeft } from '../../../components/photo/compress';
import type { Trade } from './listing';
import './listingPhotos.css';

/** An object URL of the caller's copy of a photo, revoked when no longer shown. */
function usePhotoUrl(trade: Trade, id: number | undefined, thumb: boolean): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (id === undefined) return undefined;
    let live = true;
    let made: string | undefined;
    void trade.api
      .photoFile(id, thumb)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        if (live) setUrl(made);
        else URL.revokeObjectURL(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [trade, id, thumb]);
  return url;
}

function Thumb({ trade, photo, onOpen }: { trade: Trade; photo: ListingPhoto; onOpen: () => void }) {
  const url = usePhotoUrl(trade, photo.id, true);
  return (
    <button type="button" className="listing-photo-thumb" onClick={onOpen} aria-label={`查看${photo.categoryName}图片`}>
      {url ? <img src={url} alt={photo.categoryName} data-testid="photo-image" /> : <Spin />}
      {photo.cover && (
        <Tag className="listing-photo-cover" color="orangered" size="small" data-testid="photo-cover">
          封面
        </Tag>
      )}
    </button>
  );
}

/** The whole picture, watermarked, over the page. */
function Preview({ trade, photo, onClose }: { trade: Trade; photo: ListingPhoto | undefined; onClose: () => void }) {
  const url = usePhotoUrl(trade, photo?.id, false);
  return (
    <Image.Preview
      src={url ?? ''}
      visible={photo !== undefined && url !== undefined}
      onVisibleChange={(visible) => !visible && onClose()}
      data-testid="photo-preview"
    />
  );
}

/** 房源图片 on a listing's detail page: the gallery in its order, the cover first marked. */
export function PhotoGallery({ trade, listingId }: { trade: Trade; listingId: number }) {
  const photos = useRead(() => trade.api.photos(listingId));
  const [open, setOpen] = useState<ListingPhoto | undefined>();
  const list = photos.data ?? [];
  return (
    <DetailSection title={`房源图片（${list.length}）`}>
      {photos.loading ? (
        <Spin />
      ) : list.length === 0 ? (
        <span className="listing-photo-none">暂无图片</span>
      ) : (
        <div className="listing-photo-grid" data-testid="photo-gallery">
          {list.map((photo) => (
            <figure key={photo.id} className="listing-photo" data-testid="photo-tile">
              <Thumb trade={trade} photo={photo} onOpen={() => setOpen(photo)} />
              <figcaption>{photo.categoryName}</figcaption>
            </figure>
          ))}
        </div>
      )}
      <Preview trade={trade} photo={open} onClose={() => setOpen(undefined)} />
    </DetailSection>
  );
}

/** 房源图片 on a listing's edit page: upload (compressed by core's plan), label, order, cover,
 *  delete. */
export function PhotoManager({ trade, listingId }: { trade: Trade; listingId: number }) {
  const photos = useRead(() => trade.api.photos(listingId));
  const [category, setCategory] = useState(1);
  const [uploading, setUploading] = useState(0);
  const [open, setOpen] = useState<ListingPhoto | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const list = photos.data ?? [];
  const categories = enumOptions('photoCategory');

  const upload = async (files: File[]) => {
    const taken = files.slice(0, photosLeft(list.length));
    if (taken.length < files.length) Message.warning(`最多还能上传${photosLeft(list.length)}张图片`);
    for (const [index, file] of taken.entries()) {
      setUploading(taken.length - index);
      try {
        const content = await compressPhoto(file);
        const result = await trade.api.uploadPhoto(listingId, content, category);
        if (isApiFailure(result)) Message.error(`${file.name}：${result.errors?.content?.[0] ?? result.message}`);
      } catch (error) {
        if (error instanceof PhotoRefused) Message.error(`${file.name}：${error.message}`);
      }
    }
    setUploading(0);
    photos.reload();
  };

  const arrange = (next: ListingPhoto[], coverId: number) =>
    trade.api
      .arrangePhotos(
        listingId,
        next.map(({ id, category: label }) => ({ id, category: label })),
        coverId,
      )
      .then((saved) => photos.replace(saved))
      .catch(() => photos.reload());

  const cover = list.find((photo) => photo.cover)?.id ?? list[0]?.id ?? 0;
  const move = (index: number, by: number) => {
    const next = [...list];
    const [photo] = next.splice(index, 1);
    next.splice(index + by, 0, photo);
    void arrange(next, cover);
  };
  const relabel = (id: number, label: number) =>
    void arrange(
      list.map((photo) => (photo.id === id ? { ...photo, category: label } : photo)),
      cover,
    );

  return (
    <div className="listing-photo-manager" data-testid="photo-manager">
      <Space className="listing-photo-toolbar" wrap>
        <span>上传为</span>
        <Select
          value={category}
          options={categories}
          onChange={setCategory}
          style={{ width: 120 }}
          aria-label="图片类别"
          data-testid="photo-upload-category"
        />
        <Button
          type="primary"
          icon={<IconUpload />}
          loading={uploading > 0}
          disabled={photosLeft(list.length) === 0}
          onClick={() => input.current?.click()}
          data-testid="photo-upload"
        >
          {uploading > 0 ? `正在上传（剩余${uploading}张）` : '上传图片'}
        </Button>
        <span className="listing-photo-hint">
          已上传{list.length}张，还能上传{photosLeft(list.length)}张；图片会先压缩再上传，查看时带有查看人水印
        </span>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void upload(files);
          }}
          data-testid="photo-upload-input"
        />
      </Space>
      {list.length === 0 ? (
        <span className="listing-photo-none">暂无图片</span>
      ) : (
        <div className="listing-photo-grid">
          {list.map((photo, index) => (
            <figure key={photo.id} className="listing-photo" data-testid="photo-tile">
              <Thumb trade={trade} photo={photo} onOpen={() => setOpen(photo)} />
              <Space size={4} className="listing-photo-controls">
                <Select
                  size="mini"
                  value={photo.category}
                  options={categories}
                  onChange={(label: number) => relabel(photo.id, label)}
                  style={{ width: 92 }}
                  aria-label="图片类别"
                />
                <Tooltip content="前移">
                  <Button size="mini" icon={<IconArrowLeft />} disabled={index === 0} onClick={() => move(index, -1)} aria-label="前移" />
                </Tooltip>
                <Tooltip content="后移">
                  <Button
                    size="mini"
                    icon={<IconArrowRight />}
                    disabled={index === list.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label="后移"
                  />
                </Tooltip>
                <Tooltip content="设为封面">
                  <Button
                    size="mini"
                    icon={<IconStar />}
                    disabled={photo.cover}
                    onClick={() => void arrange(list, photo.id)}
                    aria-label="设为封面"
                    data-testid="photo-set-cover"
                  />
                </Tooltip>
                <Tooltip content="删除">
                  <Button
                    size="mini"
                    status="danger"
                    icon={<IconDelete />}
                    aria-label="删除"
                    onClick={() =>
                      confirmAction({
                        title: '删除图片',
                        content: '确定删除这张图片吗？',
                        onOk: () => trade.api.deletePhoto(photo.id),
                      })
                    }
                    data-testid="photo-delete"
                  />
                </Tooltip>
              </Space>
            </figure>
          ))}
        </div>
      )}
      <Preview trade={trade} photo={open} onClose={() => setOpen(undefined)} />
    </div>
  );
}
