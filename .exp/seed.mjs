import mysql from 'mysql2/promise';
import { seedGoods } from '../tests/bench/seed-goods.mjs';
const c = await mysql.createConnection({host:'127.0.0.1',user:'root',database:'exp_deep'});
await c.query('DELETE FROM demo_goods');
console.log(await seedGoods(c, 0, 1000000, {batch:5000}));
await c.query('ANALYZE TABLE demo_goods');
await c.end();
