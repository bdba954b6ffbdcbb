import { Create, Edit } from 'react-admin';
import Divider from '@mui/material/Divider';
import { MediaPanel } from './media-panel.tsx';
import { VideoForm } from './video-form.tsx';
import { VideoList } from './video-list.tsx';

export const VideoEdit = () => (
  <Edit mutationMode="pessimistic">
    <VideoForm />
    <Divider />
    <MediaPanel />
  </Edit>
);

/** A new video starts with its details; its files are uploaded on the next screen. */
export const VideoCreate = () => (
  <Create redirect="edit" record={{ price: 50, published: false, suggest: false, popular: false, cartegory: 'movie', synopsis: '' }}>
    <VideoForm />
  </Create>
);
export { VideoList };
