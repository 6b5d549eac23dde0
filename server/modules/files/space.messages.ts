/** Envelope messages of the file space and the upload call (the first two are the spec's, 000 §5). */
import { registerMessages } from '../../core/api';

export const SPACE = registerMessages({
  en: {
    upload_file_too_large: 'The uploaded file size cannot exceed {n}MB!',
    upload_too_many_files: 'Up to {n} files can be uploaded at most',
    upload_not_multipart: 'Files must be sent as multipart/form-data',
    upload_no_file: 'No file was uploaded',
    upload_failed: 'File upload failed',
  },
  'zh-cn': {
    upload_file_too_large: '上传文件大小不能超过 {n}MB!',
    upload_too_many_files: '最多只能上传 {n} 个文件',
    upload_not_multipart: '文件须以 multipart/form-data 上传',
    upload_no_file: '没有上传文件',
    upload_failed: '文件上传失败',
  },
  'zh-tw': {
    upload_file_too_large: '上傳檔案大小不能超過 {n}MB!',
    upload_too_many_files: '最多只能上傳 {n} 個檔案',
    upload_not_multipart: '檔案須以 multipart/form-data 上傳',
    upload_no_file: '沒有上傳檔案',
    upload_failed: '檔案上傳失敗',
  },
});
